/**
 * Renders the code catalogues (errors, detail codes, warnings, reasons) as Markdown tables into
 * README.md between `<!-- catalogue:NAME -->` and `<!-- /catalogue:NAME -->` markers.
 * `npm run docs` rewrites README.md; the test suite fails when README.md is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DETAIL_CATALOGUE, ERROR_CATALOGUE, WARNING_CATALOGUE } from '../src/contract/index.ts';
import { REASON_CATALOGUE } from '../src/contract/reasons.ts';

type Row = string[];

function table(header: Row, rows: Row[]): string {
  const line = (cells: Row) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function renderCatalogues(): Record<string, string> {
  return {
    errors: table(
      ['HTTP status', 'error `code`', 'meaning'],
      Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [String(entry.status), `\`${code}\``, entry.meaning]),
    ),
    details: table(['detail `code`', 'meaning'], Object.entries(DETAIL_CATALOGUE).map(([code, meaning]) => [`\`${code}\``, meaning])),
    reasons: table(
      ['reason `code`', 'kind', 'meaning'],
      Object.entries(REASON_CATALOGUE).map(([code, entry]) => [`\`${code}\``, entry.kind, entry.meaning]),
    ),
    warnings: table(['warning `code`', 'when'], Object.entries(WARNING_CATALOGUE).map(([code, meaning]) => [`\`${code}\``, meaning])),
  };
}

export function renderReadme(readme: string): string {
  let result = readme;
  for (const [name, body] of Object.entries(renderCatalogues())) {
    const pattern = new RegExp(`(<!-- catalogue:${name} -->)[\\s\\S]*?(<!-- /catalogue:${name} -->)`);
    if (!pattern.test(result)) throw new Error(`README.md lacks the markers for catalogue '${name}'`);
    result = result.replace(pattern, `$1\n${body}\n$2`);
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = new URL('../README.md', import.meta.url);
  writeFileSync(path, renderReadme(readFileSync(path, 'utf8')));
}
