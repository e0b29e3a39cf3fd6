/**
 * Place capacity counts a delivered Nugget from the end of its handling, not from the end of an
 * unloading activity written longer than its handling. The plan below serves both legs of the
 * near-miss twin test/cases/infeasible/planning/place-capacity-freed (Otley, room for one, holds
 * an on-hire Nugget collected from 10:00; an empty must be delivered by 09:30, 5 minutes of
 * handling): its delivery starts at 09:25, inside the window, and is written to last until the
 * collect starts at 10:00. Counted from the activity's end, Otley never held two; but the
 * empty's handling ends at 09:30, when the on-hire Nugget is still there.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { ManifestPlanResponse, PlannedActivity } from '../../../src/contract/index.ts';
import { createSnapshotParser } from '../../../src/snapshot/index.ts';
import { validatePlan } from '../../../src/planning/validator/index.ts';

const body = JSON.parse(readFileSync(new URL('../../cases/infeasible/planning/place-capacity-freed.json', import.meta.url), 'utf8'));
const snapshot = createSnapshotParser().parse('manifests', body);
/** Leeds - Otley, 37 minutes each way (the embedded estimator's figure). */
const journey = (from: string, to: string) => (from === to ? 0 : 37);
const at = (time: string) => `2026-03-02T${time}:00Z`;

function plan(deliveryEnd: string, waitUntilCollect: boolean): ManifestPlanResponse {
  const activities: PlannedActivity[] = [
    { type: 'service', start: at('08:28'), end: at('08:43'), lorry_id: 'l-1', location_id: 'wh-leeds' },
    { type: 'pickup', start: at('08:43'), end: at('08:48'), movement_id: 'deliver-otley', lorry_id: 'l-1', location_id: 'wh-leeds', nugget_ids: ['e-1'] },
    { type: 'drive', start: at('08:48'), end: at('09:25'), lorry_id: 'l-1', from_location_id: 'wh-leeds', to_location_id: 'cust-otley', nugget_ids: ['e-1'] },
    { type: 'delivery', start: at('09:25'), end: at(deliveryEnd), movement_id: 'deliver-otley', lorry_id: 'l-1', location_id: 'cust-otley', nugget_ids: ['e-1'] },
    ...(waitUntilCollect ? [{ type: 'wait' as const, start: at(deliveryEnd), end: at('10:00'), lorry_id: 'l-1', location_id: 'cust-otley' }] : []),
    { type: 'pickup', start: at('10:00'), end: at('10:05'), movement_id: 'collect-otley', lorry_id: 'l-1', location_id: 'cust-otley', nugget_ids: ['n-otley'] },
    { type: 'drive', start: at('10:05'), end: at('10:42'), lorry_id: 'l-1', from_location_id: 'cust-otley', to_location_id: 'wh-leeds', nugget_ids: ['n-otley'] },
    { type: 'delivery', start: at('10:42'), end: at('10:47'), movement_id: 'collect-otley', lorry_id: 'l-1', location_id: 'wh-leeds', nugget_ids: ['n-otley'] },
  ];
  return {
    data_as_of: snapshot.data_as_of,
    manifests: [{ driver_id: 'd-1', activities }],
    unplanned_movements: [],
    warnings: [],
    metadata: { generated_at: snapshot.data_as_of, policy_version: 'planner-manifest-v1' },
  } as ManifestPlanResponse;
}

const rules = (response: ManifestPlanResponse) => validatePlan(snapshot, response, journey, { planOnly: true }).map((violation) => violation.rule);

describe('plan validator, place capacity and handling time', () => {
  it('counts the empty at Otley from the end of its 5 minutes of handling, however long its delivery is written', () => {
    expect(rules(plan('10:00', false))).to.deep.equal(['place_capacity']);
  });

  it('finds the same overfull place when the plan writes the handling as it is and waits', () => {
    expect(rules(plan('09:30', true))).to.deep.equal(['place_capacity']);
  });

  it('accepts the same delivery without the on-hire Nugget there (the plan is otherwise valid)', () => {
    const response = plan('10:00', false);
    const other = structuredClone(snapshot);
    other.nuggets.find((nugget) => nugget.id === 'n-otley')!.location_id = 'wh-leeds';
    other.movements = other.movements.filter((leg) => leg.id !== 'collect-otley');
    response.manifests[0]!.activities.splice(4);
    expect(validatePlan(other, response, journey, { planOnly: true }).map((violation) => violation.rule)).to.deep.equal([]);
  });
});
