import { DateTime } from 'luxon';

/** The operating timezone of every generated snapshot. */
export const ZONE = 'Europe/London';
/** The default first operating day: a Monday in GMT (British Summer Time starts on 29 March 2026). */
export const DEFAULT_START = '2026-03-02';

export const MINUTE_MS = 60_000;
export const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

/** Minutes after local midnight for a wall-clock time, e.g. `clock(7, 30)` = 450. */
export const clock = (hours: number, minutes = 0) => hours * HOUR_MINUTES + minutes;

export interface OperatingDay {
  index: number;
  /** Local date, `YYYY-MM-DD`. */
  date: string;
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  weekday: number;
}

/**
 * The planning period as local operating days. Wall-clock times are converted to UTC instants
 * (epoch ms) with luxon, so 07:00 is 07:00 on both sides of a clock change; every instant is
 * written back with the offset in force at that instant (`+00:00` in GMT, `+01:00` in BST).
 * Both directions are cached: luxon is far too slow for the 100,000 date-times of a max snapshot.
 */
export class Calendar {
  readonly days: OperatingDay[];
  private readonly first: DateTime;
  private readonly instants = new Map<string, number>();
  private readonly offsets = new Map<number, string>();
  private readonly texts = new Map<number, string>();

  constructor(firstDay: string, dayCount: number, readonly zone: string = ZONE) {
    this.first = DateTime.fromISO(firstDay, { zone });
    if (!this.first.isValid) throw new Error(`not a date: ${firstDay}`);
    this.days = Array.from({ length: dayCount }, (_, index) => {
      const date = this.first.plus({ days: index });
      return { index, date: date.toISODate()!, weekday: date.weekday };
    });
  }

  /** The UTC instant (epoch ms) of a wall-clock time on operating day `day` (-1 is the day before the period). */
  at(day: number, minuteOfDay: number): number {
    const dayOffset = day + Math.floor(minuteOfDay / DAY_MINUTES);
    const minute = ((minuteOfDay % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
    const key = `${dayOffset}:${minute}`;
    let instant = this.instants.get(key);
    if (instant === undefined) {
      instant = this.first.plus({ days: dayOffset }).set({ hour: Math.floor(minute / 60), minute: minute % 60 }).toMillis();
      this.instants.set(key, instant);
    }
    return instant;
  }

  /** The first instant of the planning period (local midnight of the first day). */
  get start(): number {
    return this.at(0, 0);
  }

  /** The last instant of the planning period (local midnight after the last day, inclusive). */
  get end(): number {
    return this.at(this.days.length, 0);
  }

  /** ISO 8601 with the local offset, e.g. `2026-03-30T07:00:00+01:00`. */
  iso(instant: number): string {
    let text = this.texts.get(instant);
    if (text === undefined) {
      const offset = this.offsetAt(instant);
      text = new Date(instant + offsetMinutes(offset) * MINUTE_MS).toISOString().slice(0, 19) + offset;
      this.texts.set(instant, text);
    }
    return text;
  }

  /** The offset is looked up once per quarter hour: no zone changes offset between quarter hours. */
  private offsetAt(instant: number): string {
    const bucket = Math.floor(instant / (15 * MINUTE_MS));
    let offset = this.offsets.get(bucket);
    if (offset === undefined) {
      offset = DateTime.fromMillis(bucket * 15 * MINUTE_MS, { zone: this.zone }).toFormat('ZZ');
      this.offsets.set(bucket, offset);
    }
    return offset;
  }
}

function offsetMinutes(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(':').map(Number);
  return sign * (hours! * 60 + minutes!);
}

/**
 * The first operating day of `--start`: a date (`2026-03-02`) as is, a date-time (`...T23:30:00Z`)
 * as the local date it falls on in `zone`. Returns undefined when it is neither.
 */
export function firstOperatingDay(start: string, zone: string = ZONE): string | undefined {
  // luxon reads a string without an offset in `zone`, and converts one with an offset to `zone`.
  const parsed = DateTime.fromISO(start, { zone });
  return parsed.isValid ? parsed.toISODate()! : undefined;
}
