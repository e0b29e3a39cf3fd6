/**
 * The clock the routing core reads its deadlines on, in milliseconds. It is the wall clock
 * (`Date.now`) everywhere but in the routing bench's `--clock cpu`, which reads the process's
 * CPU time instead, so that two runs compared side by side get the same search however loaded
 * the machine is (a deadline is then a budget of CPU time). Deadlines are numbers on this clock:
 * whoever switches it sets its deadlines from `now()` after switching.
 */
export type Clock = () => number;

let current: Clock = Date.now;

export function now(): number {
  return current();
}

/** Switches the clock for the whole process (benchmarks only); returns the one it replaced. */
export function useClock(clock: Clock): Clock {
  const previous = current;
  current = clock;
  return previous;
}
