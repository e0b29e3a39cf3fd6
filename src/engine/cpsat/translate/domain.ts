/**
 * Integer domains in CP-SAT's form: sorted, disjoint, non-adjacent closed intervals, flattened
 * as [lo0, hi0, lo1, hi1, ...]. Values stay within JavaScript's safe integers.
 */

export type Domain = readonly number[];

export const EMPTY: Domain = [];

export function interval(lo: number, hi: number): Domain {
  return lo <= hi ? [lo, hi] : EMPTY;
}

export function singleton(value: number): Domain {
  return [value, value];
}

/** Sorts and merges arbitrary (possibly overlapping or empty) ranges. */
export function fromRanges(ranges: Iterable<readonly [number, number]>): Domain {
  const sorted = [...ranges].filter(([lo, hi]) => lo <= hi).sort((a, b) => a[0] - b[0]);
  const merged: number[] = [];
  for (const [lo, hi] of sorted) {
    const last = merged.length - 1;
    if (last > 0 && lo <= merged[last]! + 1) merged[last] = Math.max(merged[last]!, hi);
    else merged.push(lo, hi);
  }
  return merged;
}

export function fromValues(values: Iterable<number>): Domain {
  return fromRanges([...values].map((value) => [value, value] as const));
}

export function* ranges(domain: Domain): Generator<[number, number]> {
  for (let i = 0; i < domain.length; i += 2) yield [domain[i]!, domain[i + 1]!];
}

export function isEmpty(domain: Domain): boolean {
  return domain.length === 0;
}

export function min(domain: Domain): number {
  if (domain.length === 0) throw new RangeError('min of an empty domain');
  return domain[0]!;
}

export function max(domain: Domain): number {
  if (domain.length === 0) throw new RangeError('max of an empty domain');
  return domain[domain.length - 1]!;
}

export function size(domain: Domain): number {
  let count = 0;
  for (const [lo, hi] of ranges(domain)) count += hi - lo + 1;
  return count;
}

export function contains(domain: Domain, value: number): boolean {
  for (const [lo, hi] of ranges(domain)) if (lo <= value && value <= hi) return true;
  return false;
}

export function* values(domain: Domain): Generator<number> {
  for (const [lo, hi] of ranges(domain)) for (let value = lo; value <= hi; value += 1) yield value;
}

export function intersect(a: Domain, b: Domain): Domain {
  const out: [number, number][] = [];
  for (const [alo, ahi] of ranges(a)) for (const [blo, bhi] of ranges(b)) out.push([Math.max(alo, blo), Math.min(ahi, bhi)]);
  return fromRanges(out);
}

/** The values of [lo, hi] that are not in the domain. */
export function complementWithin(domain: Domain, lo: number, hi: number): Domain {
  const out: [number, number][] = [];
  let next = lo;
  for (const [dlo, dhi] of ranges(domain)) {
    if (dlo > next) out.push([next, Math.min(dlo - 1, hi)]);
    next = Math.max(next, dhi + 1);
  }
  out.push([next, hi]);
  return fromRanges(out);
}

export function remove(domain: Domain, value: number): Domain {
  return contains(domain, value) ? intersect(domain, complementWithin(singleton(value), min(domain), max(domain))) : domain;
}

/** { -v : v in domain }. */
export function negate(domain: Domain): Domain {
  return fromRanges([...ranges(domain)].map(([lo, hi]) => [-hi, -lo] as const));
}

/** { |v| : v in domain }. */
export function abs(domain: Domain): Domain {
  return fromRanges([...ranges(domain)].flatMap(([lo, hi]) => (lo >= 0 ? [[lo, hi] as const] : hi <= 0 ? [[-hi, -lo] as const] : [[0, Math.max(-lo, hi)] as const])));
}

/** { v + offset : v in domain }. */
export function shift(domain: Domain, offset: number): Domain {
  return domain.map((bound) => bound + offset);
}
