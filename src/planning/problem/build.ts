import type { EmptySource, Snapshot } from '../../contract/index.ts';
import { buildCalendar } from './calendar.ts';
import { buildDrivers, buildLorries } from './crew.ts';
import { collectDestinations } from './destinations.ts';
import { eligibility } from './eligibility.ts';
import { nuggetClaims } from './empties.ts';
import { travelMatrices, type JourneyTimes } from './journey.ts';
import { allLegs, buildPlaces, placesNeedingJourneys } from './places.ts';
import { emptySupply } from './pools.ts';
import { minuteClock } from './time.ts';
import type { PlanningProblem, ProblemLeg, ProblemNugget } from './types.ts';
import { isSplit, legQuantity, legUnits, unitLayout } from './units.ts';

/** Minutes of the walk-round check (domain doc, "Handling and checks"). */
export const WALK_ROUND_CHECK_MINUTES = 15;

/**
 * The normalised planning problem of a validated snapshot, with the journey data over (at
 * least) `placesNeedingJourneys(snapshot)`. Pure and deterministic.
 */
export function buildPlanningProblem(snapshot: Snapshot, journey: JourneyTimes): PlanningProblem {
  const clock = minuteClock(snapshot.planning_period);
  const placeIds = placesNeedingJourneys(snapshot);
  const placeIndex = new Map(placeIds.map((id, index) => [id, index]));
  const places = buildPlaces(snapshot, placeIds);
  const travel = travelMatrices(journey, placeIds);

  const nuggets: ProblemNugget[] = snapshot.nuggets.map((nugget, index) => ({
    index,
    id: nugget.id,
    availability: nugget.availability,
    place: placeIndex.get(nugget.location_id) ?? -1,
    onHire: nugget.on_hire_to_customer_id != null,
    reservedFor: nugget.reserved_for_movement_id ?? null,
  }));
  const nuggetIndex = new Map(snapshot.nuggets.map((nugget, index) => [nugget.id, index]));

  const inputLegs = allLegs(snapshot);
  const firstUnit = unitLayout(inputLegs);
  const accepted = snapshot.movements.length;
  const legs: Omit<ProblemLeg, 'units'>[] = inputLegs.map((leg, index) => ({
    index,
    id: leg.id,
    bookingId: leg.booking_id ?? null,
    type: leg.type,
    origin: index < accepted ? 'accepted' : 'proposed',
    quantity: legQuantity(leg),
    split: isSplit(leg),
  }));
  const unitCount = (leg: number) => (legs[leg]!.split ? legs[leg]!.quantity : 1);
  const unitsOfLeg = (leg: number) => Array.from({ length: unitCount(leg) }, (_, offset) => firstUnit[leg]! + offset);

  const claims = nuggetClaims(inputLegs);
  const collectUnit = new Map(inputLegs.flatMap((leg, index) => (leg.type === 'collect_empty' ? [[leg.id, firstUnit[index]!] as const] : [])));
  const supply = emptySupply(snapshot, claims, { placeIndex, nuggetIndex, collectUnit });
  const destinationsOf = collectDestinations(places, legs, unitsOfLeg, claims);
  const nuggetById = new Map(snapshot.nuggets.map((nugget) => [nugget.id, nugget]));

  const drivers = buildDrivers(snapshot, clock, placeIndex);
  const lorries = buildLorries(snapshot, clock, placeIndex);
  const poolPlaces = new Map<EmptySource, number[]>();
  const context = {
    poolPlaces: (source: EmptySource) => {
      let list = poolPlaces.get(source);
      if (list === undefined) poolPlaces.set(source, (list = [...new Set(supply.pools[source].map((candidate) => candidate.place))].sort((a, b) => a - b)));
      return list;
    },
    clock,
    places,
    placeIndex,
    nuggetIndex,
    claims,
    supply,
    eligibility: eligibility(drivers, lorries),
    destinations: (nuggetId: string) => destinationsOf(nuggetById.get(nuggetId)!),
  };
  const units = inputLegs.flatMap((leg, index) => legUnits(leg, index, firstUnit[index]!, context));

  return {
    originEpochMs: clock.originEpochMs,
    timezone: snapshot.timezone,
    horizon: clock.horizon,
    walkRoundCheckMinutes: WALK_ROUND_CHECK_MINUTES,
    calendar: buildCalendar(clock.originEpochMs, clock.horizon, snapshot.timezone),
    places,
    travelMinutes: travel.minutes,
    travelKm: travel.km,
    nuggets,
    emptyPools: supply.pools,
    legs: legs.map((leg) => ({ ...leg, units: unitsOfLeg(leg.index) })),
    units,
    drivers,
    lorries,
  };
}
