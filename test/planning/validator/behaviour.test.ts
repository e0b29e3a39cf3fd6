import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { PlannedActivity } from '../../../src/contract/index.ts';
import { PLAN_RULES, journeyFromMatrix, validatePlan } from '../../../src/planning/validator/index.ts';
import { at, journey, validResponse, validSnapshot } from './fixtures.ts';

const rules = (response = validResponse(), snapshot = validSnapshot(), minutes = journey()) => validatePlan(snapshot, response, minutes).map((v) => v.rule);

describe('plan validator, accepted shapes', () => {
  it('accepts a drive cut by an en-route break (pieces of one journey add up)', () => {
    const response = validResponse();
    const cut: PlannedActivity[] = [
      { type: 'drive', start: at('10:06'), end: at('10:26'), lorry_id: 'l-1', from_location_id: 'cust-b', to_location_id: 'wh-leeds' },
      { type: 'break', start: at('10:26'), end: at('10:41') },
      { type: 'drive', start: at('10:41'), end: at('11:01'), lorry_id: 'l-1', from_location_id: 'cust-b', to_location_id: 'wh-leeds' },
      { type: 'yard_work', start: at('11:01'), end: at('11:07'), lorry_id: 'l-1', location_id: 'wh-leeds', movement_id: 'leg-collect', booking_id: 'b-2', nugget_ids: ['n-collect'] },
    ];
    response.manifests[0]!.activities.splice(8, 2, ...cut);
    expect(rules(response)).to.deep.equal([]);
    cut[2]!.end = at('11:00');
    cut[3]!.start = at('11:00');
    expect(rules(response)).to.deep.equal(['drive_duration']);
  });

  it('treats places 0 journey minutes apart as one stop', () => {
    const response = validResponse();
    response.manifests[0]!.activities[6]!.location_id = 'cust-a';
    expect(rules(response, validSnapshot(), journey({ 'cust-a|cust-b': 0 }))).to.not.include('driver_location');
  });

  it('accepts a driver changing lorry after a walk-round check of the new one', () => {
    const response = validResponse();
    response.manifests[1]!.activities.push(
      { type: 'service', start: at('10:52'), end: at('11:07'), lorry_id: 'l-1', location_id: 'wh-leeds' },
      { type: 'drive', start: at('11:07'), end: at('11:37'), lorry_id: 'l-1', from_location_id: 'wh-leeds', to_location_id: 'cust-a' },
    );
    expect(rules(response)).to.deep.equal([]);
    response.manifests[1]!.activities.splice(5, 1);
    expect(rules(response)).to.deep.equal(['walk_round_check']);
  });

  it('times a yard_work by the handling minutes of the leg that loaded the Nugget', () => {
    const snapshot = validSnapshot();
    const collect = snapshot.movements.find((leg) => leg.id === 'leg-collect')!;
    if (collect.type !== 'collect_empty') throw new Error('fixture');
    collect.handling_minutes_per_nugget = 7;
    expect(rules(validResponse(), snapshot)).to.deep.equal(['handling_duration', 'handling_duration']);
  });

  it('checks only the plan, not the envelope, when asked (during planning, before warnings exist)', () => {
    const response = validResponse();
    response.warnings = [];
    response.data_as_of = '2026-01-01T00:00:00Z';
    expect(rules(response)).to.deep.equal(['response_data_as_of', 'warning_allowances_missing']);
    expect(validatePlan(validSnapshot(), response, journey(), { planOnly: true })).to.deep.equal([]);
  });

  it('never throws on a plan it cannot read', () => {
    const response = validResponse();
    response.manifests.push({ driver_id: 'd-ghost', activities: [] });
    (response.manifests[0]!.activities[2] as { type: string }).type = 'teleport';
    expect(() => rules(response)).to.not.throw();
  });

  it('reads a journey matrix of any provider', () => {
    const minutes = journeyFromMatrix({ placeIds: ['a', 'b'], minutes: [[0, 12], [14, 0]] });
    expect([minutes.minutes('a', 'b'), minutes.minutes('b', 'a'), minutes.minutes('a', 'zzz')]).to.deep.equal([12, 14, Number.NaN]);
  });

  it('documents every rule id in docs/validator.md', () => {
    const doc = readFileSync(new URL('../../../docs/validator.md', import.meta.url), 'utf8');
    for (const rule of Object.keys(PLAN_RULES)) expect(doc, rule).to.include(`\`${rule}\``);
  });
});
