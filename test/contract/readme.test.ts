import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { renderReadme } from '../../scripts/catalogues.ts';
import { ERROR_CATALOGUE, DETAIL_CATALOGUE, WARNING_CODES } from '../../src/contract/index.ts';
import { REASON_CODES } from '../../src/contract/reasons.ts';

describe('README code catalogues', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('are up to date with the code (run `npm run docs` after changing a catalogue)', () => {
    expect(renderReadme(readme) === readme, 'README.md catalogues are stale: run `npm run docs`').to.equal(true);
  });

  it('list every error, detail, reason and warning code', () => {
    const codes = [...Object.keys(ERROR_CATALOGUE), ...Object.keys(DETAIL_CATALOGUE), ...REASON_CODES, ...WARNING_CODES];
    const missing = codes.filter((code) => !readme.includes(`\`${code}\``));
    expect(missing).to.deep.equal([]);
  });
});
