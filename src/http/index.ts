export { createApp, type AppOptions } from './app.ts';
export type { AccessControl, Operation, Planner, PlanningContext, PlanningOperation, ReadinessReport } from './ports.ts';
