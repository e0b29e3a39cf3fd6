import type { HoursCalendar } from './calendar.ts';
import { HOURS_RULES, LIMITS, type HoursRule } from './rules.ts';
import type { DriverHoursStart, HoursRefresh } from './start-state.ts';

/** Kinds of time (domain doc): `work` is other work (handling, walk-round, yard work); `wait` is working time too. */
export type HoursActivityKind = 'drive' | 'work' | 'wait' | 'break';

/** One activity in planner minutes; `ids` are carried into the violations it causes. */
export interface HoursActivity {
  kind: HoursActivityKind;
  start: number;
  end: number;
  ids?: readonly string[];
}

export interface HoursViolation {
  rule: HoursRule;
  /** Planner minute at which the limit was passed. */
  at: number;
  ids: string[];
  message: string;
}

/** When a limit was passed during a piece starting at `start` whose counter was `before` at its start. */
function crossingAt(start: number, before: number, limit: number): number {
  return start + Math.max(0, limit - before);
}

const BIT = Object.fromEntries(HOURS_RULES.map((rule, index) => [rule, 1 << index])) as Record<HoursRule, number>;

/**
 * The running drivers'-hours state of one driver, fed activities in time order. It keeps the
 * counters of every rule, the open duty, and the violations found (each rule at most once per
 * period: D1/W1 until the next reset, D2 per daily period, D3/D4 per week, W2/W3/R1 per duty).
 *
 * Time between activities: a gap of >= 660 min is a daily rest (it ends the duty); a shorter gap
 * is a break when >= 15 min, otherwise working time like a wait. A `break` shorter than 15 min
 * counts as a wait. Refreshes and week boundaries inside an activity split it.
 *
 * Both the checker and the scheduler use it; `clone()` is cheap, for trying a choice.
 */
export class HoursTracker {
  drivingSinceBreak = 0;
  /** A break of >= 15 min was taken since the last qualifying break: a break of >= 30 now completes the split. */
  splitFirstPart = false;
  workingSinceBreak = 0;
  drivingToday = 0;
  /** The fixed week (calendar week index) the weekly counters belong to. */
  week = 0;
  drivingThisWeek = 0;
  drivingPreviousWeek = 0;

  /** A duty is under way (one of the plan's, or one carried over from the counters). */
  dutyOpen = false;
  /** Start of the duty's first planned activity; null before it (or with no duty). */
  dutyStart: number | null = null;
  /** End of the last activity fed (across duties). */
  lastEnd: number | null = null;
  dutyWorking = 0;
  /** Break minutes of the duty that count for W2 (followed by more activity, not at its start). */
  breakCredit = 0;
  /** Breaks since the last working time; they count once working time follows. */
  pendingBreak = 0;
  dutyWorked = false;
  dutyNight = false;
  private tier1: { at: number; ids: readonly string[] } | null = null;
  private tier2: { at: number; ids: readonly string[] } | null = null;

  violations: HoursViolation[] = [];
  private reported = 0;
  private nextRefresh = 0;

  /** A tracker at the driver's starting state, or (with `copyOf`) an independent copy of another tracker. */
  constructor(
    private readonly start: DriverHoursStart,
    private readonly calendar: HoursCalendar,
    copyOf?: HoursTracker,
  ) {
    if (copyOf !== undefined) {
      this.copyFrom(copyOf);
      return;
    }
    const counters = start.counters;
    this.drivingSinceBreak = counters.drivingSinceBreak;
    this.workingSinceBreak = counters.workingSinceBreak;
    this.drivingToday = counters.drivingToday;
    this.week = calendar.weekIndex(start.at);
    this.drivingThisWeek = counters.drivingThisWeek;
    this.drivingPreviousWeek = counters.drivingPreviousWeek;
    if (!start.rested) this.carryDuty();
  }

  /** Field by field (the scheduler copies trackers in its inner loop; this keeps them fast). */
  private copyFrom(other: HoursTracker): void {
    this.drivingSinceBreak = other.drivingSinceBreak;
    this.splitFirstPart = other.splitFirstPart;
    this.workingSinceBreak = other.workingSinceBreak;
    this.drivingToday = other.drivingToday;
    this.week = other.week;
    this.drivingThisWeek = other.drivingThisWeek;
    this.drivingPreviousWeek = other.drivingPreviousWeek;
    this.dutyOpen = other.dutyOpen;
    this.dutyStart = other.dutyStart;
    this.lastEnd = other.lastEnd;
    this.dutyWorking = other.dutyWorking;
    this.breakCredit = other.breakCredit;
    this.pendingBreak = other.pendingBreak;
    this.dutyWorked = other.dutyWorked;
    this.dutyNight = other.dutyNight;
    this.tier1 = other.tier1;
    this.tier2 = other.tier2;
    this.violations = other.violations.slice();
    this.reported = other.reported;
    this.nextRefresh = other.nextRefresh;
  }

  clone(): HoursTracker {
    const copy = new HoursTracker(this.start, this.calendar, this);
    return copy;
  }

  /** Feeds the next activity (times in planner minutes, not before the previous end). */
  record(kind: HoursActivityKind, start: number, end: number, ids: readonly string[] = []): void {
    if (this.lastEnd !== null) {
      start = Math.max(start, this.lastEnd);
      this.gap(this.lastEnd, start, ids);
    }
    end = Math.max(end, start);
    this.advanceTo(start);
    if (!this.dutyOpen) this.openDuty(start);
    if (this.dutyStart === null) this.dutyStart = start;
    if (kind === 'break' && end - start >= LIMITS.shortestBreak) this.rest(end - start);
    else this.accrueSplit(kind === 'break' ? 'wait' : kind, start, end, ids);
    this.lastEnd = end;
    if (end - this.dutyStart > LIMITS.dutySpan) {
      this.report('R1', this.dutyStart + LIMITS.dutySpan, ids, `the duty that started at minute ${this.dutyStart} spans more than ${LIMITS.dutySpan} min`);
    }
  }

  /** Treats the time up to `to` as off (a daily rest, a break or a short idle) without an activity. */
  idleUntil(to: number): void {
    if (this.lastEnd === null || to <= this.lastEnd) {
      this.advanceTo(to);
      return;
    }
    this.gap(this.lastEnd, to, []);
    this.lastEnd = to;
    this.advanceTo(to);
  }

  /** Ends the record: closes the open duty (W2 is judged on the whole duty). Returns every violation. */
  finish(): HoursViolation[] {
    this.closeDuty();
    return this.violations;
  }

  /**
   * Minutes that may be driven now before a break is needed: D1 and W1, and W2 when
   * `dutyBreaks` (W2 is a duty total, so a scheduler may also settle it later).
   */
  driveHeadroom(dutyBreaks = true): number {
    const own = Math.min(LIMITS.drivingBeforeBreak - this.drivingSinceBreak, LIMITS.workingBeforeBreak - this.workingSinceBreak);
    return Math.max(0, dutyBreaks ? Math.min(own, this.dutyHeadroom()) : own);
  }

  /** Minutes of working time the duty may take before W2 needs more break. */
  dutyHeadroom(): number {
    const credit = this.effectiveCredit();
    if (credit < LIMITS.dutyBreaksTier1) return Math.max(0, LIMITS.dutyWorkingTier1 - this.dutyWorking);
    if (credit < LIMITS.dutyBreaksTier2) return Math.max(0, LIMITS.dutyWorkingTier2 - this.dutyWorking);
    return Infinity;
  }

  /** The break W2 still asks for if `working` more minutes of working time follow (0 when none), taken now. */
  dutyBreakMissing(working: number): number {
    const total = this.dutyWorking + working;
    const target = total > LIMITS.dutyWorkingTier2 ? LIMITS.dutyBreaksTier2 : total > LIMITS.dutyWorkingTier1 ? LIMITS.dutyBreaksTier1 : 0;
    const missing = target - this.effectiveCredit();
    return missing > 0 ? Math.max(LIMITS.shortestBreak, missing) : 0;
  }

  /**
   * The shortest break to take now so that `minutes` of `kind` can follow (for a drive: so that
   * driving can go on at all), with the rule that asks for it; minutes 0 when none is needed.
   * W2 is included when `dutyBreaks`.
   */
  breakNeeded(kind: 'drive' | 'work' | 'wait', minutes: number, dutyBreaks = true): { minutes: number; rule: HoursRule | null } {
    let need = 0;
    let rule: HoursRule | null = null;
    const working = kind === 'drive' ? Math.min(minutes, 1) : minutes;
    if (kind === 'drive' && minutes > 0 && this.drivingSinceBreak >= LIMITS.drivingBeforeBreak) {
      need = this.splitFirstPart ? LIMITS.splitSecondPart : LIMITS.fullBreak;
      rule = 'D1';
    }
    if (this.workingSinceBreak + working > LIMITS.workingBeforeBreak && LIMITS.shortestBreak > need) {
      need = LIMITS.shortestBreak;
      rule = 'W1';
    }
    const missing = dutyBreaks ? this.dutyBreakMissing(working) : 0;
    if (missing > need) {
      need = missing;
      rule = 'W2';
    }
    return { minutes: need, rule };
  }

  /** The next refresh strictly after `minute` (Infinity when none). */
  nextRefreshAfter(minute: number): number {
    for (let index = this.nextRefresh; index < this.start.refreshes.length; index++) {
      const at = this.start.refreshes[index]!.at;
      if (at > minute) return at;
    }
    return Infinity;
  }

  private effectiveCredit(): number {
    return this.breakCredit + (this.dutyWorked ? this.pendingBreak : 0);
  }

  private gap(from: number, to: number, ids: readonly string[]): void {
    const length = to - from;
    if (length <= 0) return;
    if (length >= LIMITS.dailyRest) {
      this.advanceTo(from);
      this.closeDuty();
      this.dailyRest();
    } else if (length >= LIMITS.shortestBreak) {
      this.advanceTo(from);
      this.rest(length);
    } else {
      this.accrueSplit('wait', from, to, ids);
    }
  }

  /** Applies refreshes and week changes up to minute `t`. */
  private advanceTo(t: number): void {
    const refreshes = this.start.refreshes;
    while (this.nextRefresh < refreshes.length && refreshes[this.nextRefresh]!.at <= t) {
      const refresh = refreshes[this.nextRefresh++]!;
      this.rollWeek(refresh.at);
      this.applyRefresh(refresh);
    }
    this.rollWeek(t);
  }

  private rollWeek(t: number): void {
    const week = this.calendar.weekIndex(t);
    if (week <= this.week) return;
    this.drivingPreviousWeek = week - this.week === 1 ? this.drivingThisWeek : 0;
    this.drivingThisWeek = 0;
    this.week = week;
    this.clear('D3', 'D4');
  }

  private applyRefresh(refresh: HoursRefresh): void {
    this.drivingToday = refresh.drivingToday;
    this.drivingSinceBreak = refresh.drivingSinceBreak;
    this.workingSinceBreak = refresh.workingSinceBreak;
    this.splitFirstPart = false;
    if (refresh.drivingThisWeek !== null) this.drivingThisWeek = refresh.drivingThisWeek;
    if (refresh.drivingPreviousWeek !== null) this.drivingPreviousWeek = refresh.drivingPreviousWeek;
    this.clear('D1', 'D2', 'D3', 'D4', 'W1');
    if (this.dutyStart === null) this.carryDuty();
  }

  /**
   * A duty under way before the plan (no daily rest between the counters and the first planned
   * activity): its working time is at least max(driving today, working since break), and the
   * counters prove some breaks: driving since break < driving today means a qualifying break
   * (>= 45 min) after some driving; working since break below that means a break of >= 15.
   */
  private carryDuty(): void {
    this.dutyOpen = true;
    this.dutyStart = null;
    this.dutyWorking = Math.max(this.drivingToday, this.workingSinceBreak);
    this.breakCredit =
      this.drivingSinceBreak < this.drivingToday ? LIMITS.fullBreak : this.workingSinceBreak < this.dutyWorking ? LIMITS.shortestBreak : 0;
    this.pendingBreak = 0;
    this.dutyWorked = this.dutyWorking > 0;
    this.dutyNight = false;
    this.tier1 = null;
    this.tier2 = null;
    this.clear('W2', 'W3', 'R1');
  }

  private openDuty(start: number): void {
    this.dutyOpen = true;
    this.dutyStart = start;
    this.dutyWorking = 0;
    this.breakCredit = 0;
    this.pendingBreak = 0;
    this.dutyWorked = false;
    this.dutyNight = false;
    this.tier1 = null;
    this.tier2 = null;
    this.clear('W2', 'W3', 'R1');
  }

  private closeDuty(): void {
    if (!this.dutyOpen) return;
    if (this.dutyStart !== null) {
      const tier2 = this.dutyWorking > LIMITS.dutyWorkingTier2;
      const need = tier2 ? LIMITS.dutyBreaksTier2 : this.dutyWorking > LIMITS.dutyWorkingTier1 ? LIMITS.dutyBreaksTier1 : 0;
      if (this.breakCredit < need) {
        const crossing = (tier2 ? this.tier2 : this.tier1) ?? { at: this.dutyStart, ids: [] };
        this.report('W2', crossing.at, crossing.ids, `a duty with ${this.dutyWorking} min of working time has ${this.breakCredit} min of breaks (needs ${need})`);
      }
    }
    this.dutyOpen = false;
    this.dutyStart = null;
  }

  private dailyRest(): void {
    this.drivingSinceBreak = 0;
    this.splitFirstPart = false;
    this.workingSinceBreak = 0;
    this.drivingToday = 0;
    this.clear('D1', 'D2', 'W1');
  }

  /** A break of >= 15 min. */
  private rest(length: number): void {
    if (length >= LIMITS.fullBreak || (this.splitFirstPart && length >= LIMITS.splitSecondPart)) {
      this.drivingSinceBreak = 0;
      this.splitFirstPart = false;
      this.clear('D1');
    } else {
      this.splitFirstPart = true;
    }
    this.workingSinceBreak = 0;
    this.clear('W1');
    if (this.dutyWorked) this.pendingBreak += length;
  }

  /** Working time, cut at refreshes and week starts so each piece is counted in the right state. */
  private accrueSplit(kind: 'drive' | 'work' | 'wait', start: number, end: number, ids: readonly string[]): void {
    let from = start;
    while (from < end) {
      const to = Math.min(end, this.calendar.nextWeekStart(from), this.nextRefreshAfter(from));
      this.accrue(kind, from, to, ids);
      from = to;
      if (from < end) this.advanceTo(from);
    }
  }

  private accrue(kind: 'drive' | 'work' | 'wait', start: number, end: number, ids: readonly string[]): void {
    const length = end - start;
    if (this.dutyWorked) this.breakCredit += this.pendingBreak;
    this.pendingBreak = 0;
    this.dutyWorked = true;
    if (kind === 'drive') {
      this.drivingSinceBreak += length;
      if (this.drivingSinceBreak > LIMITS.drivingBeforeBreak) {
        this.report('D1', crossingAt(start, this.drivingSinceBreak - length, LIMITS.drivingBeforeBreak), ids, `more than ${LIMITS.drivingBeforeBreak} min of driving without a qualifying break`);
      }
      this.drivingToday += length;
      if (this.drivingToday > LIMITS.dailyDriving) {
        this.report('D2', crossingAt(start, this.drivingToday - length, LIMITS.dailyDriving), ids, `more than ${LIMITS.dailyDriving} min of driving between daily rests`);
      }
      this.drivingThisWeek += length;
      if (this.drivingThisWeek > LIMITS.weeklyDriving) {
        this.report('D3', crossingAt(start, this.drivingThisWeek - length, LIMITS.weeklyDriving), ids, `more than ${LIMITS.weeklyDriving} min of driving in one fixed week`);
      }
      const fortnight = this.drivingThisWeek + this.drivingPreviousWeek;
      if (fortnight > LIMITS.fortnightDriving) {
        this.report('D4', crossingAt(start, fortnight - length, LIMITS.fortnightDriving), ids, `more than ${LIMITS.fortnightDriving} min of driving in two consecutive fixed weeks`);
      }
    }
    this.workingSinceBreak += length;
    if (this.workingSinceBreak > LIMITS.workingBeforeBreak) {
      this.report('W1', crossingAt(start, this.workingSinceBreak - length, LIMITS.workingBeforeBreak), ids, `more than ${LIMITS.workingBeforeBreak} min of working time without a break of ${LIMITS.shortestBreak} min`);
    }
    const before = this.dutyWorking;
    this.dutyWorking += length;
    if (this.tier1 === null && this.dutyWorking > LIMITS.dutyWorkingTier1) this.tier1 = { at: crossingAt(start, before, LIMITS.dutyWorkingTier1), ids };
    if (this.tier2 === null && this.dutyWorking > LIMITS.dutyWorkingTier2) this.tier2 = { at: crossingAt(start, before, LIMITS.dutyWorkingTier2), ids };
    if (!this.dutyNight && this.calendar.touchesNight(start, end)) this.dutyNight = true;
    if (this.dutyNight && this.dutyWorking > LIMITS.nightDutyWorking) {
      this.report('W3', crossingAt(start, before, LIMITS.nightDutyWorking), ids, `a duty with night work (00:00-04:00 local) has more than ${LIMITS.nightDutyWorking} min of working time`);
    }
  }

  private report(rule: HoursRule, at: number, ids: readonly string[], message: string): void {
    if (this.reported & BIT[rule]) return;
    this.reported |= BIT[rule];
    this.violations.push({ rule, at, ids: [...ids], message: `${rule}: ${message}` });
  }

  private clear(...rules: HoursRule[]): void {
    for (const rule of rules) this.reported &= ~BIT[rule];
  }
}
