# Manifest Planning Service. The embedded WebAssembly solvers need no system install;
# the official MiniZinc image adds native Gecode, Chuffed and OR-Tools CP-SAT
# (use MINIZINC_BIN=/usr/local/bin/minizinc to select the native backend).
FROM minizinc/minizinc:latest AS minizinc

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/manifest-planning
COPY --from=minizinc /usr/local/bin/ /usr/local/bin/
COPY --from=minizinc /usr/local/share/minizinc/ /usr/local/share/minizinc/
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY src ./src
COPY models ./models
COPY tsconfig.json ./
RUN mkdir -p "$DATA_DIR" && chown node:node "$DATA_DIR"
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["npx", "tsx", "src/main.ts"]
