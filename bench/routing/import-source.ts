/**
 * Imports a TypeScript module by a path computed at run time (esbuild leaves such imports out of
 * a bundle). Under tsx (`--import tsx`, as `tsx` and mocha run) it imports as it is; in the
 * bundled bench (scripts/bench.mjs, plain Node) tsx's hooks are registered first, once, so only
 * a run that needs such a module (the solver engine, the planner on presets) pays for tsx.
 */
const underTsx = process.execArgv.some((arg) => arg.includes('tsx'));
let registered: Promise<void> | null = null;

export async function importSource<T>(url: string): Promise<T> {
  if (!underTsx) {
    registered ??= import('tsx/esm/api').then(({ register }) => {
      register();
    });
    await registered;
  }
  return (await import(url)) as T;
}
