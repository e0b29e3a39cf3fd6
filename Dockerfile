# Manifest Planning Service: built once (tsc to dist/), run by node itself under tini, as a
# non-root user, on a supported Node LTS. The embedded WebAssembly solvers need no system
# install; the pinned official MiniZinc image adds native Gecode, Chuffed and OR-Tools CP-SAT
# (MINIZINC_BIN=/usr/local/bin/minizinc selects them). See README "Docker".
ARG NODE_IMAGE=node:24-bookworm-slim
# The native MiniZinc matches the embedded one (npm minizinc 4.5.1 ships MiniZinc 2.10.0).
ARG MINIZINC_IMAGE=minizinc/minizinc:2.10.0

FROM ${MINIZINC_IMAGE} AS minizinc

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

FROM ${NODE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
COPY --from=minizinc /usr/local/bin/ /usr/local/bin/
COPY --from=minizinc /usr/local/share/minizinc/ /usr/local/share/minizinc/
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    SERVICE_ENVIRONMENT=production \
    ISSUE_LOCAL_CREDENTIAL=false \
    METRICS_HOST=0.0.0.0 \
    METRICS_PORT=9464 \
    DATA_DIR=/var/lib/manifest-planning
WORKDIR /app
COPY package.json package-lock.json ./
# Runtime dependencies only: no TypeScript, tsx, mocha or types in the final image.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY models ./models
# The pre-initialised embedded database (src/credentials/pglite-template.ts), made here because
# the service's user cannot write node_modules: a first start copies it instead of running
# initdb. The cache directory itself is the service's, for the embedded MiniZinc's discovery.
RUN node -e "import('./dist/credentials/pglite-template.js').then((t) => t.ensureTemplate(t.templateDirectory()))" \
 && chown node:node node_modules/.cache/manifest-planning-service \
 && mkdir -p "$DATA_DIR" && chown node:node "$DATA_DIR"
USER node
VOLUME ["/var/lib/manifest-planning"]
# 8080: the API. 9464 (/metrics) is deliberately not exposed: scrape it on a private network.
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/main.js"]
