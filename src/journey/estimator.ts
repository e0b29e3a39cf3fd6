import { greatCircleKm, type Coordinate } from './geo.ts';

/**
 * The embedded HGV journey estimator: a provisional profile used when no road-data provider is
 * configured, and for the pairs a provider has no road data for. Every constant is documented here
 * and in docs/journey.md ("The embedded estimator").
 *
 * road km     = great-circle km x DETOUR_FACTOR
 * drive hours = the road km spread over SPEED_BANDS like tax brackets: the first 5 km at 25 km/h,
 *               the next 15 km at 45 km/h, the next 30 km at 65 km/h, the rest at 80 km/h
 * minutes     = ceil(drive hours x 60 + MANOEUVRING_MINUTES)
 *
 * Because each band applies only to the kilometres inside it, the time grows strictly with
 * distance (no jump at a band edge), the average speed rises with distance towards the top band
 * and never reaches the 90 km/h limiter, and the time of a journey is never more than the sum of
 * the times of two legs via a third point (the time function is concave).
 *
 * DETOUR_FACTOR 1.3 - ratio of road distance to great-circle distance ("circuity"). Measured
 *   values for car routes are about 1.2 (Newell 1980 for urban networks; O'Sullivan 1996:
 *   1.21-1.23; Ballou, Rahardja & Sakai, Transportation Research A 36 (2002) for national
 *   networks), higher for short trips. An HGV is kept off weight-, width- and height-restricted
 *   minor roads, so we take 1.3: it over-estimates distance rather than under-estimates it.
 * SPEED_BANDS - average HGV speeds including junctions and ordinary traffic (DfT figures are
 *   approximate values from the named statistics tables, used to calibrate, not fitted):
 *   25 km/h for the first 5 km: streets, junctions and site access; DfT congestion statistics
 *     (CGN05 tables) put the weekday daytime average on local 'A' roads at about 16 mph
 *     (26 km/h) in London, and a loaded lorry pulls away slower than a car;
 *   45 km/h from 5 to 20 km: local 'A' roads, whose weekday daytime average across England is
 *     about 24-25 mph (39-40 km/h) for all traffic (CGN05), faster outside towns;
 *   65 km/h from 20 to 50 km: rural 'A' roads and dual carriageways; HGV limits are 50 mph
 *     (80 km/h) on single and 60 mph on dual carriageways in England and Wales (Road Traffic
 *     Regulation Act 1984, Schedule 6, as amended in 2015) and DfT free-flow HGV speeds on
 *     national-speed-limit single carriageways are about 44-46 mph (70-74 km/h) (SPE01
 *     vehicle speed compliance tables), less junctions and villages;
 *   80 km/h beyond 50 km: motorways and trunk roads; free-flow HGV speeds on motorways are
 *     about 54-56 mph (87-90 km/h) (SPE01), pinned by the speed limiter, less about 10 % for
 *     junctions, merging, gradients and congestion.
 * SPEED_LIMITER_KMH 90 - goods vehicles over 3.5 t must have a limiter set at 90 km/h
 *   (Council Directive 92/6/EEC as amended by 2002/85/EC; Road Vehicles (Construction and Use)
 *   Regulations 1986, regulations 36A and 36B). No band may exceed it.
 * MANOEUVRING_MINUTES 5 - per journey: pulling out of a yard or off a drive, gate and traffic
 *   entry, positioning at the destination. A planning judgement (no published figure); handling
 *   time at a stop is counted separately by the planner.
 */
export const DETOUR_FACTOR = 1.3;
export const SPEED_LIMITER_KMH = 90;
export const MANOEUVRING_MINUTES = 5;
export const SPEED_BANDS: readonly { readonly untilKm: number; readonly kmh: number }[] = [
  { untilKm: 5, kmh: 25 },
  { untilKm: 20, kmh: 45 },
  { untilKm: 50, kmh: 65 },
  { untilKm: Number.POSITIVE_INFINITY, kmh: 80 },
];

/** Hours of driving for a road distance, band by band. */
export function drivingHours(roadKm: number): number {
  let hours = 0;
  let bandStartKm = 0;
  for (const band of SPEED_BANDS) {
    if (roadKm <= bandStartKm) break;
    hours += (Math.min(roadKm, band.untilKm) - bandStartKm) / band.kmh;
    bandStartKm = band.untilKm;
  }
  return hours;
}

export interface EstimatedJourney {
  minutes: number;
  km: number;
}

/** Guards `ceil` against binary noise such as 14.000000000000002 minutes. */
const ROUNDING_TOLERANCE = 1e-9;

/** The estimated HGV journey between two points; zero between equal points (no journey). */
export function estimateJourney(from: Coordinate, to: Coordinate): EstimatedJourney {
  const roadKm = greatCircleKm(from, to) * DETOUR_FACTOR;
  if (roadKm === 0) return { minutes: 0, km: 0 };
  return {
    minutes: Math.ceil(drivingHours(roadKm) * 60 + MANOEUVRING_MINUTES - ROUNDING_TOLERANCE),
    km: Math.round(roadKm * 1000) / 1000,
  };
}
