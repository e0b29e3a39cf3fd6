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

const PAGE = join('src', 'viewer', 'page');

/**
 * The repository root: the nearest ancestor of this module holding the page sources, so the same
 * code finds them run by tsx from src/viewer/ and compiled into dist/viewer/.
 */
export function repositoryRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let directory = from; ; directory = dirname(directory)) {
    if (existsSync(join(directory, PAGE, 'main.ts'))) return directory;
    if (dirname(directory) === directory) throw new Error(`viewer: no ${PAGE}/main.ts above ${from}`);
  }
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
  const root = repositoryRoot();
  const page = join(root, PAGE);
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(page, 'main.ts')],
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
  const [template, styles] = await Promise.all([readFile(join(page, 'page.html'), 'utf8'), readFile(join(page, 'page.css'), 'utf8')]);
  return { template, script: result.outputFiles[0]!.text, styles };
}
