/** Planning off the event loop: the worker pool of the HTTP process and what its workers run. */
export { PlanningPool, type PlanningPoolOptions, type PlanningPoolState } from './planning-pool.ts';
export type { PlanningWorkerOptions } from './protocol.ts';
