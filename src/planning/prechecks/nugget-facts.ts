import type { PlanningProblem, ProblemLeg, ProblemNugget } from '../problem/index.ts';

/**
 * What any plan could do with a Nugget, read generously (a pre-check may only reject what no
 * plan could do). Plans visit only the problem's places, so a Nugget elsewhere never moves.
 * A Nugget leaves a place only by a pickup of a leg: a move_nugget or collect_empty naming it
 * (at the leg's pickup place), or a deliver_empty taking it as an empty (in service, off-hire,
 * reserved for no other leg; at a warehouse for `warehouse_only`). It arrives at a place by a
 * delivery of such a leg, or at any warehouse by unloading (`yard_work`).
 */
export interface NuggetFacts {
  /** Whether the Nugget could be delivered as an empty by this deliver_empty leg (its source aside). */
  possibleEmptyFor(nugget: ProblemNugget, leg: ProblemLeg): boolean;
  /** Whether some pickup of some leg (other than `except`) could load the Nugget at all. */
  movable(nugget: ProblemNugget, except?: number): boolean;
  /** Whether the Nugget could be at a warehouse at some moment (it is at one, or could be taken to one). */
  canBeAtWarehouse(nugget: ProblemNugget): boolean;
  /** Whether some leg other than `except` could bring the Nugget to the place. */
  canBeBroughtTo(nugget: ProblemNugget, place: number, except: number): boolean;
  /** How many Nuggets could be delivered as empties for this deliver_empty leg (for `warehouse_only`, those that can be at a warehouse). */
  emptyCount(leg: ProblemLeg, warehouseOnly: boolean): number;
  /** Nuggets at the place at minute 0 that some leg could take away from it. */
  removableAt(place: number): number;
  /** Indexes of the Nuggets a move_nugget or collect_empty leg names. */
  named(leg: ProblemLeg): number[];
}

export function nuggetFacts(problem: PlanningProblem): NuggetFacts {
  const { legs, units, places } = problem;
  const firstUnit = (leg: ProblemLeg) => units[leg.units[0]!]!;
  const namedCache = new Map<number, number[]>();
  const named = (leg: ProblemLeg) => {
    let list = namedCache.get(leg.index);
    if (list === undefined) namedCache.set(leg.index, (list = leg.units.flatMap((unit) => units[unit]!.nuggets)));
    return list;
  };
  const deliverLegs = legs.filter((leg) => leg.type === 'deliver_empty');
  const anyAvailableIds = new Set(deliverLegs.filter((leg) => firstUnit(leg).empties!.source === 'any_available').map((leg) => leg.id));
  const legById = new Map(legs.map((leg) => [leg.id, leg]));

  const namedBy = new Map<number, ProblemLeg[]>();
  for (const leg of legs) {
    if (leg.type === 'deliver_empty') continue;
    for (const nugget of named(leg)) {
      const list = namedBy.get(nugget);
      if (list === undefined) namedBy.set(nugget, [leg]);
      else list.push(leg);
    }
  }
  const isWarehouse = (place: number) => place >= 0 && places[place]!.type === 'warehouse';

  const possibleEmptyFor = (nugget: ProblemNugget, leg: ProblemLeg) =>
    nugget.place >= 0 && nugget.availability === 'in_service' && !nugget.onHire && (nugget.reservedFor === null || nugget.reservedFor === leg.id);
  /** Some deliver_empty could load it where it is now. */
  const loadableAsEmpty = (nugget: ProblemNugget) => {
    if (nugget.reservedFor !== null) {
      const leg = legById.get(nugget.reservedFor);
      return leg !== undefined && leg.type === 'deliver_empty' && possibleEmptyFor(nugget, leg) && (anyAvailableIds.has(leg.id) || isWarehouse(nugget.place));
    }
    return deliverLegs.length > 0 && possibleEmptyFor(nugget, deliverLegs[0]!) && (anyAvailableIds.size > 0 || isWarehouse(nugget.place));
  };
  const namedByOther = (nugget: ProblemNugget, except: number) => (namedBy.get(nugget.index) ?? []).some((leg) => leg.index !== except);
  const movable = (nugget: ProblemNugget, except = -1) => nugget.place >= 0 && (namedByOther(nugget, except) || loadableAsEmpty(nugget));

  const canBeAtWarehouse = (nugget: ProblemNugget) => isWarehouse(nugget.place) || movable(nugget);
  // Empties open to every deliver_empty, and those reserved for one, counted once.
  const counts = { pool: 0, poolAtWarehouse: 0, reserved: new Map<string, number>(), reservedAtWarehouse: new Map<string, number>() };
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const nugget of problem.nuggets) {
    if (nugget.place < 0 || nugget.availability !== 'in_service' || nugget.onHire) continue;
    const atWarehouse = canBeAtWarehouse(nugget);
    if (nugget.reservedFor === null) {
      counts.pool++;
      if (atWarehouse) counts.poolAtWarehouse++;
    } else {
      bump(counts.reserved, nugget.reservedFor);
      if (atWarehouse) bump(counts.reservedAtWarehouse, nugget.reservedFor);
    }
  }
  const deliverLegsAt = new Map<number, ProblemLeg[]>();
  for (const leg of deliverLegs) {
    const place = firstUnit(leg).deliveryPlace!;
    const list = deliverLegsAt.get(place);
    if (list === undefined) deliverLegsAt.set(place, [leg]);
    else list.push(leg);
  }

  const removable = new Array<number>(places.length).fill(0);
  for (const nugget of problem.nuggets) {
    if (nugget.place < 0) continue;
    const pickedHere = (namedBy.get(nugget.index) ?? []).some((leg) => firstUnit(leg).pickupPlaces.includes(nugget.place));
    if (pickedHere || loadableAsEmpty(nugget)) removable[nugget.place]! += 1;
  }

  return {
    possibleEmptyFor,
    movable,
    canBeAtWarehouse,
    emptyCount: (leg, warehouseOnly) =>
      warehouseOnly ? counts.poolAtWarehouse + (counts.reservedAtWarehouse.get(leg.id) ?? 0) : counts.pool + (counts.reserved.get(leg.id) ?? 0),
    canBeBroughtTo(nugget, place, except) {
      if (!movable(nugget, except)) return false;
      if (isWarehouse(place)) return true;
      const byNamingLeg = (namedBy.get(nugget.index) ?? []).some((leg) => leg.index !== except && firstUnit(leg).deliveryPlace === place);
      const byDelivery = (deliverLegsAt.get(place) ?? []).some((leg) => leg.index !== except && possibleEmptyFor(nugget, leg));
      return byNamingLeg || byDelivery;
    },
    removableAt: (place) => removable[place]!,
    named,
  };
}
