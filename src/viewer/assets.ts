import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The page's three parts: the HTML shell (with markers for the rest), the bundled script, the styles. */
export interface ViewerAssets {
  template: string;
  script: string;
  styles: string;
}

/**
 * The page's sources beside this module: src/viewer/page/ under tsx, and dist/viewer/page/ in a
 * compiled build (tsc turns main.ts into main.js; the build copies page.html and page.css), so
 * the service finds them from either, with or without src/ on the machine.
 */
const PAGE_DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), 'page');

function pageEntry(): string {
  for (const name of ['main.ts', 'main.js']) {
    const path = join(PAGE_DIRECTORY, name);
    if (existsSync(path)) return path;
  }
  throw new Error(`viewer: no main.ts or main.js in ${PAGE_DIRECTORY}`);
}

let cached: Promise<ViewerAssets> | undefined;

/**
 * Bundles the page (its TypeScript, the contract's reason catalogue, the hours engine and
 * ECharts from node_modules) into one browser script with esbuild, once per process.
 */
export function viewerAssets(): Promise<ViewerAssets> {
  cached ??= bundle().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function bundle(): Promise<ViewerAssets> {
  const result = await build({
    absWorkingDir: PAGE_DIRECTORY,
    entryPoints: [pageEntry()],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome109', 'firefox115', 'safari16'],
    minify: true,
    legalComments: 'eof',
    charset: 'utf8',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  const [template, styles] = await Promise.all([readFile(join(PAGE_DIRECTORY, 'page.html'), 'utf8'), readFile(join(PAGE_DIRECTORY, 'page.css'), 'utf8')]);
  return { template, script: result.outputFiles[0]!.text, styles };
}
