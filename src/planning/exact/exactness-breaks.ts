/**
 * The exactness certificate's condition for the model's breaks restriction (models/horizon.mzn's
 * header: at most three breaks on each journey between two stops, one in the idle time that ends a
 * duty at its last stop; the argument below needs two). Step 2 of exactness.ts. Sufficient, with its argument; the test is
 * test/planning/exact/breaks.test.ts (the rewriting below, test/planning/exact/breaks/canonical.ts,
 * on seeded random duties, checked by the hours engine the validator uses: 3,000 per run; a
 * scratch run of 578,072 accepted duties over five seeds found no counter-example).
 *
 * Condition, per driver: no duty can reach D1 (the most the counters carry in of driving since a
 * qualifying break, plus the most the driver can drive in a run of windows not parted by a daily
 * rest: the run's span less the walk-round check, or, less when it is, the journeys into every
 * stop of an offered unit the driver is qualified for and one drive back per window, each the
 * longest journey into that place, stays within 270 min); and, as edge cases of the argument:
 * the walk-round check takes time; no fixed-week start inside a window (D3/D4: driving moves
 * within a journey); no run that meets a night (local 00:00-04:00) with more than 600 min of
 * possible working time (W3: working time moves within a journey); a window long enough to hold a
 * daily rest between two duties is at most 780 min (R1) and the driving the counters carry into
 * the day plus the most the driver can drive stays within 540 (D2), so those two duties merge
 * into one with the rest as a break (step 1; the model has one slot per window).
 *
 * Argument. Take a plan the validator accepts, of the model's shape but for its breaks (the other
 * steps), and rewrite each journey (from the end of a stop's activity to the start of the next
 * one's, the stops' times kept) with the journey time D as its driving (a longer drive, or a
 * detour, step 3, leaves idle time) and its I idle minutes laid out as:
 *  - I < 15: drive, then wait (no break fits: the plan had none there either);
 *  - else all idle time is break, as late as W1 allows: when the working time since the last break
 *    w would pass 360 before the arrival (w + D > 360), a break after 360 - w minutes of driving
 *    (15 min, or all I when I < 30), and the rest on arrival; else all of it on arrival. After the
 *    first break at most D <= 270 min of driving follow (D1 cannot be reached), so W1 needs no
 *    other: at most two breaks (the first en route or at the stop before driving, the second on
 *    arrival: the model's shape);
 *  - W1's break at the stop before driving (working time since a break exactly 360 there) lasts
 *    no longer than the plan stayed there before driving (it had to take a break there too), so
 *    the lorry leaves no later (a collection's must_clear_by reads the first drive's start);
 *  - a last journey (no working time after its arrival in the rewritten duty: the drive back to
 *    base, or a stop of no handling minutes at the end): W2 credits a break only once working
 *    time follows it, so its arrival break moves before the last minute of driving (into the W1
 *    break when that is one minute before the arrival); with under two minutes of driving, to the
 *    stop before driving when the plan stayed there as long, else it ends a minute early and a
 *    wait of one minute follows (the plan's break there had working time after it); of exactly
 *    15 min, the plan's own layout of it;
 *  - the idle time that ends the duty, up to the plan's last activity: waits up to the plan's first
 *    break there, one break, and a wait of one minute when a plan's break there was followed by
 *    working time.
 * Then at every stop the rewritten duty's working time since a break is at most the plan's (an
 * arrival break leaves 0; a single break of I < 30 min is the plan's only one there, which W1
 * placed no later), its working time at most the plan's (idle time becomes break), its breaks that
 * W2 credits at least the plan's (every idle minute of a journey with >= 15 is break, followed by
 * working time, but a minute that becomes a wait where the plan's break had working time after
 * it), with the same driving in total; D1 holds whatever the breaks (the condition), D2
 * and R1 (same first and last activity) are unchanged, W1 holds (above), W2 follows, and W3, D3,
 * D4 by the edge cases. So the rewritten plan is accepted and has the model's shape.
 *
 * Where D1 can be reached this says nothing: a journey may then need a break W1 asks for, one D1
 * asks for and one on arrival (three), and the 15+30 split makes merging breaks unsafe. A scratch
 * check of that three-break layout (not in the test suite; stops of >= 1 handling minute, no idle
 * time ending the duty, so without the last-journey and must_clear_by cases above): a W1 break of
 * 15 at the latest point, a D1 break at the latest point (30 after a pending 15, else 45), the rest
 * on arrival doing to D1 what keeps the state no worse than the plan's, and one qualifying 30 at
 * the W1 point instead of both when a split is pending and the idle time is under 45: 355,818
 * accepted random duties (seeds 1-3) rewritten and accepted, 5,065 journeys with three breaks,
 * none with more. Without that last rule 4 of them had too little idle time for both. The model
 * now takes three breaks per journey (hours.mzn), but this condition still asks that D1 cannot be
 * reached: the three-break layout has no argument yet for the edge cases that check left out
 * (stops of 0 minutes, the idle time ending the duty, must_clear_by at the stop before driving,
 * nights (W3) and fixed-week starts (D3/D4)), nor a test in the suite.
 */
import { LIMITS, type HoursCalendar } from '../hours/index.ts';
import type { MinuteWindow, PlanningProblem, ProblemDriver } from '../problem/index.ts';
import type { MayBite } from './exactness.ts';

/** Where the breaks restriction may lose a plan (empty: it loses none). */
export function breaksPerJourney(problem: PlanningProblem, drivers: readonly ProblemDriver[], calendar: HoursCalendar, legs: readonly number[]): MayBite[] {
  const found: MayBite[] = [];
  const bite = (why: string) => found.push({ restriction: 'breaks_per_journey', why });
  if (problem.walkRoundCheckMinutes <= 0) bite('the walk-round check takes no time: a break could open a duty');
  const into = longestJourneysInto(problem);
  const offered = new Set(legs);
  for (const driver of drivers) {
    const { counters, refreshes } = driver.hours;
    const sources = [counters, ...refreshes];
    const carriedWorking = Math.max(...sources.map((source) => Math.max(source.drivingToday, source.workingSinceBreak)));
    const carriedDriving = Math.max(...sources.map((source) => source.drivingSinceBreak));
    const carriedToday = Math.max(...sources.map((source) => source.drivingToday));
    const routes = routeDriving(problem, driver, offered, into);
    for (const run of runsOf(driver.availability)) {
      const span = run.end - run.start;
      const driving = Math.min(Math.max(0, span - problem.walkRoundCheckMinutes), routes);
      if (carriedDriving + driving > LIMITS.drivingBeforeBreak) {
        bite(`driver ${driver.id}'s time ${run.start}-${run.end} may reach D1 (up to ${driving} min of driving, ${carriedDriving} carried in): a journey may need three breaks`);
      }
      if (calendar.touchesNight(run.start, run.end) && carriedWorking + span > LIMITS.nightDutyWorking) {
        bite(`driver ${driver.id}'s time ${run.start}-${run.end} meets a night with up to ${carriedWorking + span} min of working time (W3): moving driving within a journey could move work into the night`);
      }
    }
    for (const window of driver.availability) {
      const length = window.end - window.start;
      if (calendar.nextWeekStart(window.start) < window.end) bite(`a fixed week starts inside driver ${driver.id}'s window ${window.start}-${window.end}`);
      const holdsRest = length >= LIMITS.dailyRest + 2 * problem.walkRoundCheckMinutes;
      if (holdsRest && (length > LIMITS.dutySpan || carriedToday + Math.min(length, routes) > LIMITS.dailyDriving)) {
        bite(`driver ${driver.id}'s window ${window.start}-${window.end} may hold a daily rest between two duties that one duty could not replace`);
      }
    }
  }
  return found;
}

/** For each place, the longest journey into it from any place (what a drive to a stop there may take). */
function longestJourneysInto(problem: PlanningProblem): number[] {
  const travel = problem.travelMinutes;
  return travel.map((_, place) => Math.max(0, ...travel.map((row) => row[place] ?? 0)));
}

/**
 * The most a driver can drive in all: in the model's shape (the other steps) a duty drives only
 * into a stop of a unit it serves (one pickup and one delivery each) or back to where it started,
 * each journey at most the longest into that place; a place the unit chooses (a deliver_empty's
 * pickup: any empty the validator accepts, data.ts `widerEmpties`; a collect_empty's unloading)
 * counts the longest journey into any place.
 */
function routeDriving(problem: PlanningProblem, driver: ProblemDriver, offered: ReadonlySet<number>, into: readonly number[]): number {
  const anywhere = Math.max(0, ...into);
  const longest = (places: readonly number[]) => (places.length === 0 ? anywhere : Math.max(...places.map((place) => into[place]!)));
  const stops = problem.units
    .filter((unit) => offered.has(unit.leg) && unit.eligibleDrivers.includes(driver.index))
    .reduce((sum, unit) => sum + longest(unit.type === 'deliver_empty' ? [] : unit.pickupPlaces) + longest(unit.deliveryPlace === null ? [] : [unit.deliveryPlace]), 0);
  // the drive back: to where the driver starts in their first window (the model's first duty starts there), anywhere in a later one
  return stops + into[driver.startPlace]! + Math.max(0, driver.availability.length - 1) * anywhere;
}

/** A driver's windows grouped into runs: consecutive windows less than a daily rest apart share the counters. */
export function runsOf(windows: readonly MinuteWindow[]): MinuteWindow[] {
  const runs: MinuteWindow[] = [];
  for (const window of windows) {
    const last = runs[runs.length - 1];
    if (last !== undefined && window.start - last.end < LIMITS.dailyRest) last.end = Math.max(last.end, window.end);
    else runs.push({ start: window.start, end: window.end });
  }
  return runs;
}
