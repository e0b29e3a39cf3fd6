/**
 * The exactness certificate's condition for the model's breaks restriction (models/horizon.mzn's
 * header: at most three breaks on each journey between two stops, one in the idle time that ends a
 * duty at its last stop). Step 2 of exactness.ts. Sufficient, with its argument; the test is
 * test/planning/exact/breaks.test.ts (the rewriting below, test/planning/exact/breaks/canonical.ts,
 * on 3,000 seeded random accepted duties per run, checked by the hours engine the validator uses;
 * a scratch run of 341,747 accepted duties over 13 seeds, 1,827 journeys with three breaks, found
 * no counter-example).
 *
 * Condition, per driver: every journey a duty of theirs may drive is at most 270 min (the longest
 * journey into a stop of an offered unit they are qualified for, or back to where they start);
 * their windows are a daily rest apart (each duty is the last of its drivers'-hours duty); and, as
 * edge cases of the argument: the walk-round check takes time; no fixed-week start inside a
 * window (D3/D4: driving moves within a journey); no run of windows that meets a night (local
 * 00:00-04:00) with more than 600 min of possible working time (W3: driving moves, work may move
 * into a night); a window long enough to hold a daily rest between two duties is at most 780 min
 * (R1) and the driving the counters carry into the day plus the most the driver can drive around
 * the rest (the window less the rest and two walk-round checks, or less) stays within 540 (D2), so
 * those two duties merge into one with the rest as a break (step 1; the model has one slot per
 * window).
 *
 * Argument. Take a plan the validator accepts, of the model's shape but for its breaks (the other
 * steps), and read its time as the hours engine does: working time (driving, handling, a wait, a
 * gap or break of < 15 min) and break parts (a break or gap of >= 15 min, each one break to the
 * engine); a run is break parts back to back, and what it does to D1 (a reset or not, a split
 * pending after it or not) its parts decide. Keep every stop at its time and lay each journey (from
 * a stop's activity to the next one's) out again:
 *  (a) drive the journey time D: a longer drive's last extra minutes become waits, in place;
 *  (b) each wait moves to the end of its stretch of driving and joins the run there; the waits
 *      after a journey's last run go to its arrival (into a run there, else a run of their own when
 *      >= 15 min, in parts of 15-29 min: no reset, a split pending; else a wait);
 *  (c) each run, first to last, moves later until it meets the next run (they merge), the arrival,
 *      or the point where W1 (360 min of working time since a break) or, when it resets D1, D1 (270
 *      min of driving since a reset) would pass.
 * A run does to D1 what the plan's did (composed when runs merge): with no fewer minutes and a split
 * pending before it whenever the plan had one, some parts of it do that (hours.mzn `run_effect`: a
 * run's possible effects only grow with its minutes and a pending split). So the runs reset, and
 * leave a split pending, in the plan's order, each where the plan's did or later: at each stop the
 * rewritten duty's driving since a reset, working time since a break and working time are at most
 * the plan's, with a split pending whenever the plan has one; inside a journey these counters peak
 * at a run, where (c) stopped at D1's and W1's limits, or on arrival: D1 and W1 hold. Driving only
 * moves earlier: the lorry leaves each stop no later (a collection's must_clear_by).
 * Count: after (c) a run before the arrival is where W1 or D1 stopped it. A second run of a journey
 * cannot be stopped by W1 (360 min of driving after the first) nor by D1 after a reset in the same
 * journey (D <= 270); so a journey has at most a W1 run, a first resetting run D1 stopped and a run
 * on arrival, with driving between them and waits only on arrival: three, the model's shape. A
 * journey over 270 min may need a second D1 run besides: the condition excludes it.
 * W2 credits a break once working time follows it. Let T end the plan's last working minute (of its
 * drivers'-hours duty: the windows condition). The journey (or the idle time ending the duty) that
 * holds T is laid out up to T's minute, which stays its last working minute (a drive minute before
 * the waits on arrival), the plan's breaks after T joining its last run before it (after it when
 * that minute is the journey's only driving: the lorry leaves no later); journeys after T are the
 * plan's breaks as they are; the idle time ending the duty ends at T (the breaks after T are read
 * for R1's span only). Every run before T is then credited, so the breaks credited are the span up
 * to T less its working time, at least the plan's: W2 holds. D2 (the same driving), R1 (the same
 * first activity, the last no later) hold; W3 cannot bite and D3/D4 see the same driving per week
 * (the edge cases above). So the rewritten plan is accepted and has the model's shape.
 */
import { LIMITS, type HoursCalendar } from '../hours/index.ts';
import type { PlanningProblem, ProblemDriver } from '../problem/index.ts';
import { mergeWindows } from '../problem/time.ts';
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
    const carriedToday = Math.max(...sources.map((source) => source.drivingToday));
    const { routes, journey } = driverJourneys(problem, driver, offered, into);
    if (journey > LIMITS.drivingBeforeBreak) {
      bite(`driver ${driver.id} may drive a journey of ${journey} min (over ${LIMITS.drivingBeforeBreak}): it may need two D1 breaks, a W1 break and one on arrival`);
    }
    // runs of windows less than a daily rest apart: they share the counters
    for (const run of mergeWindows(driver.availability, LIMITS.dailyRest)) {
      const span = run.end - run.start;
      if (calendar.touchesNight(run.start, run.end) && carriedWorking + span > LIMITS.nightDutyWorking) {
        bite(`driver ${driver.id}'s time ${run.start}-${run.end} meets a night with up to ${carriedWorking + span} min of working time (W3): moving driving within a journey could move work into the night`);
      }
      const windows = driver.availability.filter((window) => run.start <= window.start && window.end <= run.end).length;
      if (windows > 1) bite(`driver ${driver.id}'s windows in ${run.start}-${run.end} are less than a daily rest apart: a duty's last breaks would carry into the next`);
    }
    for (const window of driver.availability) {
      const length = window.end - window.start;
      if (calendar.nextWeekStart(window.start) < window.end) bite(`a fixed week starts inside driver ${driver.id}'s window ${window.start}-${window.end}`);
      const holdsRest = length >= LIMITS.dailyRest + 2 * problem.walkRoundCheckMinutes;
      // around a daily rest inside it, the duties span at most the window less the rest, each with its walk-round check
      const aroundRest = length - LIMITS.dailyRest - 2 * problem.walkRoundCheckMinutes;
      if (holdsRest && (length > LIMITS.dutySpan || carriedToday + Math.min(aroundRest, routes) > LIMITS.dailyDriving)) {
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
 * The most a driver can drive in all (`routes`) and in one journey (`journey`), in the model's
 * shape (the other steps): a duty drives only into a stop of an offered unit the driver is
 * qualified for (one pickup and one delivery each) or back to where it started, each journey at
 * most the longest into that place; a place the unit chooses (a deliver_empty's pickup: any empty
 * the validator accepts, data.ts `widerEmpties`; a collect_empty's unloading) counts the longest
 * journey into any place. The drive back: to where the driver starts in their first window (the
 * model's first duty starts there), from anywhere to anywhere in a later one.
 */
function driverJourneys(problem: PlanningProblem, driver: ProblemDriver, offered: ReadonlySet<number>, into: readonly number[]): { routes: number; journey: number } {
  const anywhere = Math.max(0, ...into);
  const longest = (places: readonly number[]) => (places.length === 0 ? anywhere : Math.max(...places.map((place) => into[place]!)));
  const stops = problem.units
    .filter((unit) => offered.has(unit.leg) && unit.eligibleDrivers.includes(driver.index))
    .flatMap((unit) => [longest(unit.type === 'deliver_empty' ? [] : unit.pickupPlaces), longest(unit.deliveryPlace === null ? [] : [unit.deliveryPlace])]);
  const laterWindows = Math.max(0, driver.availability.length - 1);
  return {
    routes: stops.reduce((sum, minutes) => sum + minutes, 0) + into[driver.startPlace]! + laterWindows * anywhere,
    journey: Math.max(into[driver.startPlace]!, laterWindows > 0 ? anywhere : 0, ...stops),
  };
}
