/**
 * `npm run view -- snapshot.json response.json > plan.html`: writes the viewer with both
 * documents inside as one HTML file that opens from disk with no network. The order of the two
 * files does not matter (each is recognised by its fields); the response may be left out to
 * look at a snapshot alone. Exit status 2 with a message when a file cannot be used.
 */
import { closeSync, fstatSync, ftruncateSync, readFileSync, writeSync } from 'node:fs';
import { classifyDocument, DocumentError, offlinePage, viewerAssets, type ViewerData } from './index.ts';

function readDocuments(paths: string[]): ViewerData {
  let snapshot: ViewerData['snapshot'] | null = null;
  let response: ViewerData['response'] = null;
  for (const path of paths) {
    const document = classifyDocument(readFileSync(path, 'utf8'), path);
    if (document.kind === 'snapshot') snapshot = document.snapshot;
    else response = document.response;
  }
  if (snapshot === null) throw new DocumentError('no snapshot given: the viewer needs the request body the answer is for');
  return { snapshot, response };
}

/**
 * `npm run` prints its "> package@version view" banner on standard output before the script
 * starts, so `npm run view -- ... > plan.html` would begin with it. When standard output is a
 * regular file that holds only that banner, the page replaces it, so the file is clean HTML.
 */
function writePage(html: string): void {
  const output = fstatSync(1);
  if (output.isFile() && output.size > 0) {
    const written = readFileSync('/dev/stdout', { encoding: 'utf8', flag: 'r' });
    if (/^(\s*>[^\n]*\n)+\s*$/.test(written)) {
      ftruncateSync(1, 0);
      writeSync(1, html, 0, 'utf8');
      return;
    }
  }
  writeSync(1, html);
}

const paths = process.argv.slice(2);
if (paths.length === 0 || paths.length > 2) {
  process.stderr.write('usage: npm run view -- snapshot.json [response.json] > plan.html\n');
  process.exit(2);
}
try {
  const data = readDocuments(paths);
  writePage(offlinePage(await viewerAssets(), data));
  closeSync(1);
} catch (error) {
  if (!(error instanceof DocumentError) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  process.stderr.write(`view: ${(error as Error).message}\n`);
  process.exit(2);
}
