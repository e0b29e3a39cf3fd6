/**
 * Renders the reason-code catalogue (src/contract/reasons.ts) as docs/reasons.md.
 * `npx tsx scripts/reasons-doc.ts` rewrites it; test/contract/reasons.test.ts fails when it is out of date.
 */
import { writeFileSync } from 'node:fs';
import { REASON_CATALOGUE, type ReasonKind } from '../src/contract/reasons.ts';

const WHERE: Record<ReasonKind, string> = {
  precheck: '`unplanned_movements`; booking check `infeasible_proven`',
  solver: '`unplanned_movements`',
  conflict: '`unplanned_movements`',
  relaxation: 'booking check `infeasible_proven`',
  exact: 'booking check `infeasible_proven`',
  inconclusive: 'booking check `unknown`',
};
const PROOF: Record<ReasonKind, string> = { precheck: 'yes', relaxation: 'yes', exact: 'yes', conflict: 'no plan serves more legs', solver: 'no', inconclusive: 'no' };

export function renderReasonsDoc(): string {
  const rows = Object.entries(REASON_CATALOGUE).map(([code, entry]) => `| \`${code}\` | ${WHERE[entry.kind]} | ${PROOF[entry.kind]} | ${entry.meaning} |`);
  return [
    '# Reason codes',
    '',
    'Every `reason_code` the service gives: in `unplanned_movements` of a manifest response, and as',
    'the `reason_code` of a booking check that is `infeasible_proven` or `unknown`. Callers branch on',
    'the code; the accompanying `message` / `reason` starts with the meaning below and adds the',
    'specifics (ids, times), and is not to be branched on.',
    '',
    '"Proof" says whether the code proves that no plan can exist. Pre-check codes are sound',
    'necessary conditions checked per leg before any solving (src/planning/prechecks): a leg that',
    'some plan over the journey data could serve is never rejected. Plans use exactly the journey',
    'data (whole minutes from the planning start), so its journey times, taken over the quickest',
    'route through other places, are true lower bounds. A time-out never proves anything.',
    '',
    'Generated from `src/contract/reasons.ts` by `npx tsx scripts/reasons-doc.ts`; do not edit by hand.',
    '',
    '| reason_code | where | proof | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../docs/reasons.md', import.meta.url), renderReasonsDoc());
}
