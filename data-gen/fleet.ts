import type { LorryEquipment } from '../src/contract/index.ts';
import { clock, type Calendar } from './calendar.ts';
import type { Geography, Interval, LorryRecord } from './model.ts';
import type { Random } from './random.ts';

/** The yard is open (and a lorry can be out) from 05:00 to 22:00 local every day. */
const YARD_HOURS = [clock(5), clock(22)] as const;
/** A morning in the workshop (inspection, tachograph calibration): available from noon that day. */
const WORKSHOP_SHARE = 0.08;
const AFTER_WORKSHOP = clock(12);
/** Off the road for a whole day (defect, MOT) in periods of three days or more. */
const OFF_ROAD_SHARE = 0.03;
/** Kept overnight at a handover point's yard rather than at the home warehouse. */
const AWAY_SHARE = 0.05;

type Kind = 'crane' | 'forklift' | 'both';

/** Lorry-mounted crane (hiab) lorries carry more; truck-mounted forklift (Moffett) lorries fewer. */
const KINDS: readonly (readonly [Kind, number])[] = [['crane', 55], ['forklift', 25], ['both', 20]];
const CAPACITY: Record<Kind, readonly (readonly [number, number])[]> = {
  crane: [[2, 10], [3, 15], [4, 40], [5, 20], [6, 15]],
  forklift: [[1, 20], [2, 40], [3, 30], [4, 10]],
  both: [[3, 30], [4, 50], [5, 20]],
};
const EQUIPMENT: Record<Kind, LorryEquipment[]> = { crane: ['crane'], forklift: ['forklift'], both: ['crane', 'forklift'] };

/**
 * `perRegion[r]` lorries for region r. The first lorry of a region has a crane and, from three
 * lorries on, one of them has a forklift, so every region can serve both handling methods.
 */
export function buildFleet(rng: Random, geography: Geography, perRegion: readonly number[], calendar: Calendar): LorryRecord[] {
  return geography.regions.flatMap((region) =>
    Array.from({ length: perRegion[region.index]! }, (_, index): LorryRecord => {
      const kind: Kind = index === 0 ? 'crane' : index === 2 ? rng.pick(['forklift', 'both'] as const) : rng.weighted(KINDS);
      const equipment = EQUIPMENT[kind];
      const capacity = rng.weighted(CAPACITY[kind]);
      const away = index > 0 && region.handovers.length > 0 && rng.chance(AWAY_SHARE);
      const omit: LorryRecord['omit'] = [];
      if (kind === 'crane' && rng.chance(0.3)) omit.push('equipment');
      if (capacity === 4 && rng.chance(0.4)) omit.push('nugget_capacity');
      return {
        id: `lry-${region.key}-${String(index + 1).padStart(2, '0')}`,
        region: region.index,
        equipment,
        capacity,
        start: away ? rng.pick(region.handovers) : region.warehouse,
        availability: lorryAvailability(rng, calendar),
        omit,
      };
    }),
  );
}

function lorryAvailability(rng: Random, calendar: Calendar): Interval[] {
  const days = calendar.days.length;
  const offRoad = days >= 3 && rng.chance(OFF_ROAD_SHARE) ? rng.int(0, days - 1) : -1;
  const workshop = rng.chance(WORKSHOP_SHARE) ? rng.int(0, days - 1) : -1;
  return calendar.days
    .filter((day) => day.index !== offRoad)
    .map((day) => ({
      start: calendar.at(day.index, day.index === workshop ? AFTER_WORKSHOP : YARD_HOURS[0]),
      end: calendar.at(day.index, YARD_HOURS[1]),
    }));
}

/** The windows of `windows` that overlap `[from, to]`, cut to it. */
export function windowsWithin(windows: readonly Interval[], from: number, to: number): Interval[] {
  return windows
    .filter((window) => window.end > from && window.start < to)
    .map((window) => ({ start: Math.max(window.start, from), end: Math.min(window.end, to) }));
}
