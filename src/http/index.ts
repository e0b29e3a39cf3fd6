export { createApp, type AppOptions } from './app.ts';
export type { AccessControl, Operation, PlannedBody, Planner, PlanningContext, PlanningOperation, ReadinessReport } from './ports.ts';
export { configureConnections, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './connections.ts';
export { createServiceMetrics, type ServiceMetrics, type PlanningLoad } from './metrics.ts';
export { startMetricsServer, type MetricsServer } from './metrics-server.ts';
export { whileStarting } from './starting.ts';
export { listen, whileLoading, type LoadingHandler } from './loading.ts';
