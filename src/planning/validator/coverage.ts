import type { CollectEmptyLeg, DeliverEmptyLeg, ManifestPlanResponse, MoveNuggetLeg, MovementLeg } from '../../contract/index.ts';
import { describe, idsOf, type Activity, type Context } from './context.ts';

/** A leg's own pickup and delivery activities, across every driver. */
interface Served {
  pickups: Activity[];
  deliveries: Activity[];
}

/**
 * Every accepted leg is planned exactly once (all of its Nuggets, or `quantity` empties,
 * picked up and delivered at the leg's places) or listed in `unplanned_movements`, never both.
 */
export function checkCoverage(context: Context, response: ManifestPlanResponse, activities: readonly Activity[]): void {
  const served = new Map<string, Served>();
  for (const activity of activities) {
    if (activity.movementId === null || (activity.type !== 'pickup' && activity.type !== 'delivery')) continue;
    let entry = served.get(activity.movementId);
    if (entry === undefined) served.set(activity.movementId, (entry = { pickups: [], deliveries: [] }));
    (activity.type === 'pickup' ? entry.pickups : entry.deliveries).push(activity);
  }

  const unplanned = new Map<string, number>();
  for (const entry of response.unplanned_movements) {
    const leg = context.legs.get(entry.movement_id);
    if (leg === undefined) {
      context.report('unknown_reference', `unplanned_movements names leg '${entry.movement_id}', which is not an accepted leg`, [entry.movement_id]);
      continue;
    }
    if ((entry.booking_id ?? null) !== (leg.booking_id ?? null)) {
      context.report('booking_mismatch', `unplanned leg ${leg.id} carries booking ${entry.booking_id ?? 'null'}; the leg belongs to ${leg.booking_id ?? 'none'}`, [leg.id]);
    }
    unplanned.set(leg.id, (unplanned.get(leg.id) ?? 0) + 1);
  }

  for (const leg of context.snapshot.movements) {
    const listed = unplanned.get(leg.id) ?? 0;
    const own = served.get(leg.id);
    if (listed > 1) context.report('leg_unplanned_twice', `leg ${leg.id} is listed ${listed} times in unplanned_movements`, [leg.id]);
    if (own === undefined) {
      if (listed === 0) context.report('leg_missing', `leg ${leg.id} is neither planned nor listed in unplanned_movements`, [leg.id]);
      continue;
    }
    if (listed > 0) {
      context.report('leg_planned_and_unplanned', `leg ${leg.id} has activities and is listed in unplanned_movements`, [leg.id]);
      continue;
    }
    CHECKS[leg.type](context, leg as never, own);
  }
}

const CHECKS: { [T in MovementLeg['type']]: (context: Context, leg: Extract<MovementLeg, { type: T }>, served: Served) => void } = {
  move_nugget: checkMove,
  collect_empty: checkCollect,
  deliver_empty: checkDeliver,
};

function checkMove(context: Context, leg: MoveNuggetLeg, { pickups, deliveries }: Served): void {
  atPlace(context, leg, pickups, leg.origin_id, 'origin');
  atPlace(context, leg, deliveries, leg.destination_id, 'destination');
  const own = new Set(leg.nugget_ids);
  for (const activity of [...pickups, ...deliveries]) {
    for (const nugget of activity.nuggetIds) {
      if (!own.has(nugget)) context.report('leg_wrong_nugget', `${describe(activity)} handles Nugget ${nugget}, which is not one of leg ${leg.id}'s`, idsOf(activity, nugget));
    }
  }
  exactlyOnce(context, leg, pickups, leg.nugget_ids, 'picked up');
  exactlyOnce(context, leg, deliveries, leg.nugget_ids, 'delivered');
  if (!leg.split_across_lorries) notSplit(context, leg, pickups, deliveries);
}

function checkCollect(context: Context, leg: CollectEmptyLeg, { pickups }: Served): void {
  atPlace(context, leg, pickups, leg.location_id, 'collection place');
  for (const activity of pickups) {
    for (const nugget of activity.nuggetIds) {
      if (nugget !== leg.nugget_id) context.report('leg_wrong_nugget', `${describe(activity)} handles Nugget ${nugget}; leg ${leg.id} collects ${leg.nugget_id}`, idsOf(activity, nugget));
    }
  }
  exactlyOnce(context, leg, pickups, [leg.nugget_id], 'picked up');
}

function checkDeliver(context: Context, leg: DeliverEmptyLeg, { pickups, deliveries }: Served): void {
  atPlace(context, leg, deliveries, leg.destination_id, 'destination');
  const delivered = deliveries.flatMap((activity) => activity.nuggetIds);
  const distinct = new Set(delivered);
  if (distinct.size !== delivered.length) context.report('leg_served_twice', `leg ${leg.id} delivers a Nugget more than once`, [leg.id]);
  if (distinct.size > leg.quantity) context.report('leg_served_twice', `leg ${leg.id} delivers ${distinct.size} empties; quantity is ${leg.quantity}`, [leg.id]);
  if (distinct.size < leg.quantity) context.report('leg_incomplete', `leg ${leg.id} delivers ${distinct.size} of ${leg.quantity} empties`, [leg.id]);
  const loaded = pickups.flatMap((activity) => activity.nuggetIds);
  if (new Set(loaded).size !== loaded.length) context.report('leg_served_twice', `leg ${leg.id} picks up a Nugget more than once`, [leg.id]);
  for (const nugget of loaded) {
    if (!distinct.has(nugget)) context.report('leg_incomplete', `Nugget ${nugget} is picked up for leg ${leg.id} but not delivered for it`, [leg.id, nugget]);
  }
  if (!leg.split_across_lorries) notSplit(context, leg, pickups, deliveries);
}

function atPlace(context: Context, leg: MovementLeg, activities: Activity[], placeId: string, what: string): void {
  for (const activity of activities) {
    if (activity.locationId !== placeId) {
      context.report('leg_wrong_place', `${describe(activity)} is at ${activity.locationId}; leg ${leg.id}'s ${what} is ${placeId}`, idsOf(activity, activity.locationId, placeId));
    }
  }
}

function exactlyOnce(context: Context, leg: MovementLeg, activities: Activity[], nuggetIds: readonly string[], done: string): void {
  const count = new Map<string, number>();
  for (const activity of activities) for (const nugget of activity.nuggetIds) count.set(nugget, (count.get(nugget) ?? 0) + 1);
  for (const nugget of nuggetIds) {
    const times = count.get(nugget) ?? 0;
    if (times === 0) context.report('leg_incomplete', `Nugget ${nugget} of leg ${leg.id} is never ${done}`, [leg.id, nugget]);
    if (times > 1) context.report('leg_served_twice', `Nugget ${nugget} of leg ${leg.id} is ${done} ${times} times`, [leg.id, nugget]);
  }
}

function notSplit(context: Context, leg: MovementLeg, pickups: Activity[], deliveries: Activity[]): void {
  if (pickups.length > 1 || deliveries.length > 1) {
    context.report('leg_split', `leg ${leg.id} may not be split but has ${pickups.length} pickups and ${deliveries.length} deliveries`, [leg.id]);
  }
}
