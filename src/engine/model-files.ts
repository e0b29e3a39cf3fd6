/**
 * Model files on disk: resolving a request's model path, gathering the files a model may
 * include (for the embedded MiniZinc, which sees only the files it is given), and naming
 * files in error locations relative to the project root.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** The data file's name in every run; locations in it read `data`. */
export const DATA_FILE = 'data.json';

export function resolveModelPath(projectRoot: string, model: string): string {
  return isAbsolute(model) ? model : resolve(projectRoot, model);
}

/** The path a reader knows the file by: relative to the project root when inside it. */
export function projectRelative(projectRoot: string, path: string): string {
  const inside = relative(projectRoot, path);
  return inside.startsWith('..') || isAbsolute(inside) ? path : inside.split(sep).join('/');
}

/** MiniZinc JSON data; none at all is no file (MiniZinc rejects `{}`). */
export function dataFileContents(data: Record<string, unknown>): string | undefined {
  return Object.keys(data).length === 0 ? undefined : JSON.stringify(data);
}

export interface ModelFiles {
  /** Virtual path -> contents, for the embedded MiniZinc's file system. */
  files: Record<string, string>;
  /** The model's virtual path. */
  model: string;
  /** Virtual path -> the path a reader knows. */
  nameFile: (filename: string) => string;
}

const INCLUDE = /\binclude\s+"([^"]+)"/g;

/** The model and the local files it includes, transitively; other includes are the library's. */
async function localSources(modelPath: string): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  const pending = [modelPath];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (sources.has(path)) continue;
    const text = await readFile(path, 'utf8');
    sources.set(path, text);
    for (const [, included] of text.matchAll(INCLUDE)) {
      const candidate = resolve(dirname(path), included!);
      if (!sources.has(candidate) && (await isFile(candidate))) pending.push(candidate);
    }
  }
  return sources;
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then((found) => found.isFile(), () => false);
}

async function directorySources(directory: string): Promise<Map<string, string>> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const paths = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.mzn')).map((entry) => join(entry.parentPath, entry.name));
  return new Map(await Promise.all(paths.map(async (path) => [path, await readFile(path, 'utf8')] as const)));
}

/**
 * The model and the local files it includes (and, for a library directory, all its .mzn
 * files). They keep their project-relative paths, so includes still resolve and error
 * locations name the files a reader knows.
 */
export async function gatherModelFiles(projectRoot: string, modelPath: string, libraryDirectory?: string): Promise<ModelFiles> {
  const sources = await localSources(modelPath);
  if (libraryDirectory !== undefined) for (const [path, text] of await directorySources(libraryDirectory)) sources.set(path, text);
  const virtualToReal = new Map<string, string>();
  const files: Record<string, string> = {};
  for (const [path, text] of sources) {
    const virtual = virtualPath(projectRoot, path);
    virtualToReal.set(virtual, path);
    files[virtual] = text;
  }
  return {
    files,
    model: virtualPath(projectRoot, modelPath),
    nameFile: (filename) => {
      if (filename === DATA_FILE) return 'data';
      const real = virtualToReal.get(filename);
      return real === undefined ? filename : projectRelative(projectRoot, real);
    },
  };
}

/** Inside the project: its relative path; elsewhere: under `external/`, mirroring the absolute path. */
export function virtualPath(projectRoot: string, path: string): string {
  const inside = projectRelative(projectRoot, path);
  return isAbsolute(inside) ? `external${path.split(sep).join('/')}` : inside;
}
