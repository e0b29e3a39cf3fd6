/**
 * RFC 3339 date-time that must carry an offset: `2026-03-02T08:00:00Z`, `...+01:00`, i.e.
 * `YYYY-MM-DDTHH:MM:SS[.fraction of 1 to 9 digits](Z|+HH:MM|-HH:MM)` with a real calendar date
 * and an offset of at most 14:00 either way.
 * Checked character by character, without luxon or a regular expression, because a
 * spec-limit snapshot holds ~140,000 of them (a regex with captures took ~3 µs each).
 */
/** +-14:00, the largest UTC offset any zone uses (Pacific/Kiritimati). */
const MAX_OFFSET_MINUTES = 14 * 60;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** The number written by `count` ASCII digits at `start`, or -1 when one is not a digit. */
function digits(value: string, start: number, count: number): number {
  let number = 0;
  for (let index = start; index < start + count; index++) {
    const code = value.charCodeAt(index);
    if (!isDigit(code)) return -1;
    number = number * 10 + code - 48;
  }
  return number;
}

export function isDateTimeWithOffset(value: string): boolean {
  if (value.length < 20 || value[4] !== '-' || value[7] !== '-' || value[10] !== 'T' || value[13] !== ':' || value[16] !== ':') return false;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 2);
  const day = digits(value, 8, 2);
  const hour = digits(value, 11, 2);
  const minute = digits(value, 14, 2);
  const second = digits(value, 17, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return false;
  let index = 19;
  if (value[index] === '.') {
    const start = ++index;
    while (isDigit(value.charCodeAt(index))) index++;
    if (index === start || index - start > 9) return false;
  }
  if (value[index] === 'Z') return index + 1 === value.length;
  if ((value[index] !== '+' && value[index] !== '-') || index + 6 !== value.length || value[index + 3] !== ':') return false;
  const offsetHour = digits(value, index + 1, 2);
  const offsetMinute = digits(value, index + 4, 2);
  // Real zones' offsets lie within -12:00..+14:00; RFC 3339 allows any, ISO 8601 and every
  // zone database stay within +-14:00, so anything beyond is a typing error.
  return offsetHour >= 0 && offsetMinute >= 0 && offsetMinute <= 59 && offsetHour * 60 + offsetMinute <= MAX_OFFSET_MINUTES;
}

/** Epoch milliseconds of a date-time already checked by `isDateTimeWithOffset`. */
export function toEpochMs(value: string): number {
  return Date.parse(value);
}
