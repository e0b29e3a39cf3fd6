export * from './schemas/index.ts';
export * from './errors.ts';
