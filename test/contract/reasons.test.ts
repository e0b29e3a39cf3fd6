import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { REASON_CATALOGUE, REASON_CODES } from '../../src/contract/reasons.ts';
import { renderReasonsDoc } from '../../scripts/reasons-doc.ts';

describe('contract: reason-code catalogue', () => {
  it('docs/reasons.md is the rendering of the catalogue (run `npx tsx scripts/reasons-doc.ts`)', () => {
    expect(readFileSync(new URL('../../docs/reasons.md', import.meta.url), 'utf8')).to.equal(renderReasonsDoc());
  });

  it('has stable snake_case codes, each with a sentence of meaning', () => {
    for (const code of REASON_CODES) {
      expect(code).to.match(/^[a-z]+(_[a-z]+)*$/);
      expect(REASON_CATALOGUE[code].meaning).to.match(/^[A-Z`].*\.$/);
    }
  });

  it('has codes for the solver, for proven conflicts, for proofs by relaxation or the exact model and for inconclusive booking checks', () => {
    const kinds = new Set(REASON_CODES.map((code) => REASON_CATALOGUE[code].kind));
    expect([...kinds].sort()).to.deep.equal(['conflict', 'exact', 'inconclusive', 'precheck', 'relaxation', 'solver']);
  });
});
