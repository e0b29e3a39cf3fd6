import { expect } from 'chai';
import type { ManifestPlanResponse, PlannedActivity, Snapshot } from '../../../src/contract/index.ts';
import { createSnapshotParser } from '../../../src/snapshot/index.ts';
import { validatePlan, type JourneyMinutes, type PlanRule } from '../../../src/planning/validator/index.ts';
import { at, journey, validResponse, validSnapshot } from './fixtures.ts';

interface Plan {
  snapshot: Snapshot;
  response: ManifestPlanResponse;
  journey: JourneyMinutes;
}

const activity = (plan: Plan, driverId: string, index: number): PlannedActivity =>
  plan.response.manifests.find((manifest) => manifest.driver_id === driverId)!.activities[index]!;
const driver = (plan: Plan, id: string) => plan.snapshot.drivers.find((item) => item.id === id)!;
const lorry = (plan: Plan, id: string) => plan.snapshot.lorries.find((item) => item.id === id)!;
const nugget = (plan: Plan, id: string) => plan.snapshot.nuggets.find((item) => item.id === id)!;
const place = (plan: Plan, id: string) => plan.snapshot.locations.find((item) => item.id === id)!;
function leg<T extends Snapshot['movements'][number]['type']>(plan: Plan, id: string, type: T) {
  const found = plan.snapshot.movements.find((item) => item.id === id)!;
  if (found.type !== type) throw new Error(`${id} is not a ${type}`);
  return found as Extract<Snapshot['movements'][number], { type: T }>;
}

/** d-1's counters read at 05:00 on the plan's Monday (inside the same fixed week, no daily rest assumed). */
function observedOnMonday(plan: Plan, counters: { driving_this_week_minutes?: number; driving_previous_week_minutes?: number }): void {
  Object.assign(driver(plan, 'd-1').fleet_check_allowances!, { observed_at: at('05:00'), ...counters });
  plan.snapshot.data_as_of = at('05:00');
  plan.response.data_as_of = at('05:00');
}

function rulesAfter(mutate: (plan: Plan) => void): PlanRule[] {
  const plan: Plan = { snapshot: validSnapshot(), response: validResponse(), journey: journey() };
  mutate(plan);
  return [...new Set(validatePlan(plan.snapshot, plan.response, plan.journey).map((violation) => violation.rule))];
}

/** One thing broken each; exactly that rule must be reported. */
const MUTATIONS: [PlanRule, string, (plan: Plan) => void][] = [
  ['response_data_as_of', 'data_as_of not echoed', (plan) => (plan.response.data_as_of = '2026-03-01T18:00:01Z')],
  ['warning_allowances_missing', 'the driver_allowances_missing warning dropped', (plan) => (plan.response.warnings = [])],
  ['unknown_reference', 'an unplanned entry for a leg that does not exist', (plan) => plan.response.unplanned_movements.push({ movement_id: 'leg-ghost', reason_code: 'x', message: 'x' })],
  ['manifest_duplicate', 'a second (empty) manifest for a driver', (plan) => plan.response.manifests.push({ driver_id: 'd-2', activities: [] })],
  ['activity_shape', 'the yard_work without its lorry', (plan) => delete activity(plan, 'd-1', 9).lorry_id],
  ['time_format', 'a start without an offset', (plan) => (activity(plan, 'd-1', 9).start = '2026-03-02T10:46:00')],
  ['time_offset', 'the right instant with a +01:00 offset in GMT', (plan) => (activity(plan, 'd-1', 0).start = '2026-03-02T09:00:00+01:00')],
  ['time_reversed', 'an activity that ends before it starts', (plan) => (activity(plan, 'd-1', 9).end = at('10:45'))],
  ['activity_order', 'the wait starting before the drive ends', (plan) => (activity(plan, 'd-1', 3).start = at('08:50'))],
  ['outside_planning_period', 'the planning period ends mid-morning', (plan) => (plan.snapshot.planning_period.end = at('10:00'))],
  ['break_too_short', 'a 10-minute break', (plan) => {
    activity(plan, 'd-1', 6).end = at('09:40');
    plan.response.manifests[0]!.activities.splice(7, 0, { type: 'wait', start: at('09:40'), end: at('10:00'), location_id: 'cust-b' });
  }],
  ['leg_missing', 'the unplanned leg not listed', (plan) => (plan.response.unplanned_movements = [])],
  ['leg_planned_and_unplanned', 'a planned leg also listed unplanned', (plan) => plan.response.unplanned_movements.push({ movement_id: 'leg-move', booking_id: 'b-3', reason_code: 'x', message: 'x' })],
  ['leg_unplanned_twice', 'the unplanned leg listed twice', (plan) => plan.response.unplanned_movements.push({ ...plan.response.unplanned_movements[0]! })],
  ['leg_incomplete', 'one of two empties not delivered', (plan) => (activity(plan, 'd-1', 4).nugget_ids = ['n-empty-1'])],
  ['leg_served_twice', 'two empties delivered for a quantity of one', (plan) => (leg(plan, 'leg-deliver', 'deliver_empty').quantity = 1)],
  ['leg_wrong_nugget', 'the move pickup also loads a Nugget that is not the leg\'s', (plan) => {
    plan.snapshot.nuggets.push({ id: 'n-spare', availability: 'in_service', location_id: 'wh-leeds' });
    leg(plan, 'leg-move', 'move_nugget').origin_handling_minutes_per_nugget = 2;
    activity(plan, 'd-2', 1).nugget_ids = ['n-move', 'n-spare'];
  }],
  ['leg_split', 'a leg that may not be split delivered in two activities', (plan) => {
    const delivery = activity(plan, 'd-1', 4);
    plan.response.manifests[0]!.activities.splice(4, 1, { ...delivery, end: at('09:05'), nugget_ids: ['n-empty-1'] }, { ...delivery, start: at('09:05'), nugget_ids: ['n-empty-2'] });
  }],
  ['leg_wrong_place', 'the move leg now goes to cust-b', (plan) => (leg(plan, 'leg-move', 'move_nugget').destination_id = 'cust-b')],
  ['booking_mismatch', 'a pickup with another booking id', (plan) => (activity(plan, 'd-2', 1).booking_id = 'b-9')],
  ['pickup_window', 'the move pickup window opens after the pickup', (plan) => (leg(plan, 'leg-move', 'move_nugget').pickup_window.start = at('08:10'))],
  ['arrival_window', 'the delivery window opens after the delivery', (plan) => (leg(plan, 'leg-deliver', 'deliver_empty').window.start = at('09:05'))],
  ['must_clear_by', 'the collected empty must have left before the lorry departs', (plan) => (leg(plan, 'leg-collect', 'collect_empty').must_clear_by = at('10:05'))],
  ['handling_duration', 'more handling minutes per Nugget at the origin', (plan) => (leg(plan, 'leg-move', 'move_nugget').origin_handling_minutes_per_nugget = 6)],
  ['lorry_equipment', 'the move lorry has a forklift, not a crane', (plan) => (lorry(plan, 'l-2').equipment = ['forklift'])],
  ['driver_qualification', 'the move driver is not crane-qualified', (plan) => (driver(plan, 'd-2').qualifications = ['hgv_ce'])],
  ['driver_licence', 'a driver without an HGV licence', (plan) => (driver(plan, 'd-1').qualifications = ['crane'])],
  ['drive_duration', 'a journey that takes longer than driven', (plan) => (plan.journey = journey({ 'cust-a|cust-b': 25 }))],
  ['driver_unavailable', 'the driver available only from 07:50', (plan) => (driver(plan, 'd-2').availability = [{ start: at('07:50'), end: at('20:00') }])],
  ['lorry_unavailable', 'the lorry available only until 10:00', (plan) => (lorry(plan, 'l-1').availability = [{ start: at('05:00'), end: at('10:00') }])],
  ['lorry_double_booked', 'a second driver takes over a lorry in use', (plan) => {
    plan.response.manifests[1]!.activities.push({ type: 'service', start: at('09:02'), end: at('09:17'), lorry_id: 'l-1' });
  }],
  ['walk_round_check', 'a duty without its walk-round check', (plan) => plan.response.manifests[1]!.activities.shift()],
  ['driver_location', 'a break at a place the driver is not at', (plan) => (activity(plan, 'd-1', 6).location_id = 'cust-a')],
  ['lorry_location', 'the lorry starts the day elsewhere', (plan) => (lorry(plan, 'l-2').start_location_id = 'hp-wakefield')],
  ['nugget_location', 'the Nugget to move is not at the origin', (plan) => (nugget(plan, 'n-move').location_id = 'cust-b')],
  ['lorry_capacity', 'a lorry that carries one Nugget', (plan) => (lorry(plan, 'l-1').nugget_capacity = 1)],
  ['place_capacity', 'a customer property with room for two', (plan) => (place(plan, 'cust-a').nugget_capacity = 2)],
  ['nugget_not_in_service', 'an empty in maintenance', (plan) => (nugget(plan, 'n-empty-1').availability = 'in_maintenance')],
  ['nugget_on_hire', 'the empty to collect is on hire', (plan) => (nugget(plan, 'n-collect').on_hire_to_customer_id = 'c-1')],
  ['nugget_reserved', 'an empty reserved for another leg', (plan) => (nugget(plan, 'n-empty-1').reserved_for_movement_id = 'leg-unplanned')],
  ['nugget_source', 'a warehouse_only delivery of an empty loaded at a customer', (plan) => {
    // n-collect, collected at cust-b, is delivered for a warehouse_only leg instead of unloaded at the yard.
    leg(plan, 'leg-deliver', 'deliver_empty').quantity = 3;
    leg(plan, 'leg-deliver', 'deliver_empty').window.end = at('12:00');
    plan.snapshot.lorries[0]!.nugget_capacity = 3;
    place(plan, 'cust-a').nugget_capacity = 4;
    const manifest = plan.response.manifests[0]!;
    manifest.activities.splice(8, 2,
      { type: 'drive', start: at('10:06'), end: at('10:26'), lorry_id: 'l-1', from_location_id: 'cust-b', to_location_id: 'cust-a', nugget_ids: ['n-collect'] },
      { type: 'delivery', start: at('10:26'), end: at('10:31'), movement_id: 'leg-deliver', booking_id: 'b-1', lorry_id: 'l-1', location_id: 'cust-a', nugget_ids: ['n-collect'] },
    );
    leg(plan, 'leg-deliver', 'deliver_empty').split_across_lorries = true;
  }],
  ['D1', 'counters observed on duty with 260 min driven since the last break', (plan) => {
    driver(plan, 'd-1').fleet_check_allowances = { ...driver(plan, 'd-1').fleet_check_allowances!, observed_at: at('07:00'), driving_today_minutes: 260, driving_since_break_minutes: 260 };
    plan.snapshot.data_as_of = at('07:00');
    plan.response.data_as_of = at('07:00');
  }],
  ['D2', 'a refresh says the day has 530 min of driving already', (plan) => {
    driver(plan, 'd-2').future_allowance_refreshes = [{ effective_at: at('07:00'), driving_today_minutes: 530, driving_since_break_minutes: 0, working_since_break_minutes: 0 }];
  }],
  ['D3', 'counters read on Monday morning: the week is almost used up', (plan) => observedOnMonday(plan, { driving_this_week_minutes: 3300 })],
  ['D4', 'counters read on Monday morning: the previous week leaves 50 min for the fortnight', (plan) => observedOnMonday(plan, { driving_previous_week_minutes: 5350 })],
  ['W1', 'counters observed on duty after 340 min of work without a break', (plan) => {
    driver(plan, 'd-2').fleet_check_allowances = { observed_at: at('07:00'), driving_today_minutes: 300, driving_this_week_minutes: 0, driving_previous_week_minutes: 0, driving_since_break_minutes: 0, working_since_break_minutes: 340 };
    plan.response.warnings = [];
  }],
  ['W2', 'counters read on duty after 300 min of work: a 15-min break is not enough for the day', (plan) => {
    driver(plan, 'd-2').fleet_check_allowances = { observed_at: at('07:00'), driving_today_minutes: 0, driving_this_week_minutes: 0, driving_previous_week_minutes: 0, driving_since_break_minutes: 0, working_since_break_minutes: 300 };
    plan.response.warnings = [];
    const activities = plan.response.manifests[1]!.activities;
    activities.splice(4, 1,
      { type: 'break', start: at('08:37'), end: at('08:52'), location_id: 'hp-wakefield' },
      { type: 'drive', start: at('08:52'), end: at('09:17'), lorry_id: 'l-2', from_location_id: 'hp-wakefield', to_location_id: 'wh-leeds' },
    );
  }],
  ['R1', 'a duty stretched past 13 h: 10.5 h off (not a daily rest), then a wait', (plan) => {
    plan.response.manifests[1]!.activities.push({ type: 'wait', start: at('19:30'), end: at('20:50'), lorry_id: 'l-2', location_id: 'wh-leeds' });
    driver(plan, 'd-2').availability = [{ start: at('06:00'), end: at('21:00') }];
  }],
];

describe('plan validator', () => {
  it('accepts the hand-built plan, whose snapshot the real parser accepts as it is', () => {
    const snapshot = validSnapshot();
    expect(createSnapshotParser().parse('manifests', structuredClone(snapshot))).to.deep.equal(snapshot);
    expect(validatePlan(snapshot, validResponse(), journey())).to.deep.equal([]);
  });

  it('accepts a journey given as a function', () => {
    const table = journey();
    expect(validatePlan(validSnapshot(), validResponse(), (from, to) => table.minutes(from, to))).to.deep.equal([]);
  });

  describe('finds exactly the one rule broken', () => {
    for (const [rule, what, mutate] of MUTATIONS) {
      it(`${rule}: ${what}`, () => expect(rulesAfter(mutate)).to.deep.equal([rule]));
    }
  });
});
