/**
 * The generator's only source of randomness: xoshiro128** (Blackman and Vigna, "Scrambled linear
 * pseudorandom number generators", 2018), seeded from a string key by cyrb128. Pure integer
 * arithmetic, so a seed gives the same numbers on every platform and Node version.
 *
 * Every concern of the generator draws from its own `fork(label)`: a fork depends only on the
 * seed and its label, never on how many numbers another concern drew, so changing how drivers
 * are made does not reshuffle the Nuggets, and `--booking K` leaves the base snapshot unchanged.
 */
export class Random {
  private readonly key: string;
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(key: string) {
    this.key = key;
    [this.a, this.b, this.c, this.d] = cyrb128(key);
  }

  static fromSeed(seed: number): Random {
    return new Random(`seed:${seed}`);
  }

  /** An independent generator for one concern. */
  fork(label: string): Random {
    return new Random(`${this.key}/${label}`);
  }

  /** A uniform unsigned 32-bit integer. */
  uint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** A uniform number in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** A uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A uniform number in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick: no items');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One value, with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let target = this.next() * total;
    for (const [value, weight] of entries) {
      target -= weight;
      if (target < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** A copy in random order where heavier items tend to come first (Efraimidis-Spirakis keys). */
  weightedOrder<T>(items: readonly T[], weight: (item: T) => number): T[] {
    return items
      .map((item) => ({ item, key: Math.log(1 - this.next()) / weight(item) }))
      .sort((a, b) => b.key - a.key)
      .map(({ item }) => item);
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }
}

function rotl(value: number, shift: number): number {
  return (value << shift) | (value >>> (32 - shift));
}

/** cyrb128 (bryc, public domain): 128 well-mixed bits from a string, never all zero in practice. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
