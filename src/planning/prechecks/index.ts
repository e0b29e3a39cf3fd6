export { createPrechecks, precheckLegs, type Prechecks } from './run.ts';
