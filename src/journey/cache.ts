/** Relations between the stops of one request, row-major (`from * stopCount + to`); NaN where the provider had no road data. */
export interface RelationTables {
  seconds: Float64Array;
  km: Float64Array;
}

/** Which relations among some stops the cache cannot answer. */
export interface CacheSurvey {
  /** 1 at `from * stopCount + to` where nothing fresh is cached (the diagonal is never missing). */
  missing: Uint8Array;
  fromCache: number;
}

/** Upper bound of `cacheMaxRelations` (about 70 bytes each: 700 MB at the bound). */
export const MAX_CACHED_RELATIONS = 10_000_000;

/**
 * In-process cache of journey answers, one per provider instance (provider, profile and base
 * URL), keyed by the rounded coordinates of both stops. Bounded in size (least recently used
 * relations go first) and in age (older relations are asked again). It holds journey data only:
 * what the provider said for each relation, null (NaN) included, so a cached answer equals a
 * fresh one.
 *
 * Built for 250,000 relations (one 500-place matrix) read on every planning request: stop keys
 * are interned to small integer ids once per request, relations live in typed arrays indexed
 * by slot, found through one small-integer Map per source stop, and recency is a use counter
 * per slot, so a read allocates nothing. When the bound is passed, the least recently used
 * twentieth is evicted in one batch.
 */
export class JourneyCache {
  readonly #maxRelations: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  /** fromId -> (toId -> slot). */
  readonly #rows = new Map<number, Map<number, number>>();
  #size = 0;
  #useCounter = 0;
  readonly #freeSlots: number[] = [];
  #seconds: Float64Array = new Float64Array(0);
  #km: Float64Array = new Float64Array(0);
  #storedAt: Float64Array = new Float64Array(0);
  #usedAt: Float64Array = new Float64Array(0);
  #fromIdOf: Int32Array = new Int32Array(0);
  #toIdOf: Int32Array = new Int32Array(0);
  readonly #stopIds = new Map<string, number>();
  readonly #stopKeys: string[] = [];
  readonly #stopUses: number[] = [];
  readonly #freeStopIds: number[] = [];

  constructor(options: { maxRelations: number; maxAgeMs: number; now?: () => number }) {
    if (options.maxRelations > MAX_CACHED_RELATIONS) throw new RangeError(`journey: the cache holds at most ${MAX_CACHED_RELATIONS} relations`);
    this.#maxRelations = options.maxRelations;
    this.#maxAgeMs = options.maxAgeMs;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#size;
  }

  /**
   * Finds the fresh cached relations among the stops. With `copyInto`, copies them into the
   * tables and marks them recently used; without, only looks (for planning) and changes nothing.
   */
  survey(stopKeys: readonly string[], copyInto?: RelationTables): CacheSurvey {
    const count = stopKeys.length;
    const missing = new Uint8Array(count * count).fill(1);
    const ids = stopKeys.map((key) => this.#stopIds.get(key));
    const oldestFresh = this.#now() - this.#maxAgeMs;
    let fromCache = 0;
    for (let from = 0; from < count; from++) {
      missing[from * count + from] = 0;
      const row = ids[from] === undefined ? undefined : this.#rows.get(ids[from]!);
      if (row === undefined) continue;
      for (let to = 0; to < count; to++) {
        const toId = ids[to];
        const slot = toId === undefined || to === from ? undefined : row.get(toId);
        if (slot === undefined || this.#storedAt[slot]! <= oldestFresh) continue;
        const cell = from * count + to;
        missing[cell] = 0;
        fromCache++;
        if (copyInto === undefined) continue;
        copyInto.seconds[cell] = this.#seconds[slot]!;
        copyInto.km[cell] = this.#km[slot]!;
        this.#usedAt[slot] = ++this.#useCounter;
      }
    }
    return { missing, fromCache };
  }

  /** Stores what the provider said (NaN: no road data) as the most recently used relation. */
  write(fromStopKey: string, toStopKey: string, seconds: number, km: number): void {
    if (this.#maxRelations === 0 || this.#maxAgeMs === 0) return;
    const fromId = this.#acquireStop(fromStopKey);
    const toId = this.#acquireStop(toStopKey);
    let row = this.#rows.get(fromId);
    if (row === undefined) this.#rows.set(fromId, (row = new Map()));
    let slot = row.get(toId);
    if (slot === undefined) {
      slot = this.#allocateSlot();
      row.set(toId, slot);
      this.#fromIdOf[slot] = fromId;
      this.#toIdOf[slot] = toId;
      this.#size++;
    } else {
      this.#releaseStop(fromId);
      this.#releaseStop(toId);
    }
    this.#seconds[slot] = seconds;
    this.#km[slot] = km;
    this.#storedAt[slot] = this.#now();
    this.#usedAt[slot] = ++this.#useCounter;
    if (this.#size > this.#maxRelations) this.#evictLeastRecentlyUsed();
  }

  /** Evicts down to 95 % of the bound (exactly to the bound for bounds under 20), oldest use first. */
  #evictLeastRecentlyUsed(): void {
    const keep = this.#maxRelations - Math.floor(this.#maxRelations / 20);
    const uses = new Float64Array(this.#size);
    let index = 0;
    for (const row of this.#rows.values()) for (const slot of row.values()) uses[index++] = this.#usedAt[slot]!;
    uses.sort();
    const newestEvicted = uses[this.#size - keep - 1]!;
    for (const [fromId, row] of this.#rows) {
      for (const [toId, slot] of row) {
        if (this.#usedAt[slot]! > newestEvicted) continue;
        row.delete(toId);
        this.#freeSlots.push(slot);
        this.#size--;
        this.#releaseStop(this.#fromIdOf[slot]!);
        this.#releaseStop(this.#toIdOf[slot]!);
      }
      if (row.size === 0) this.#rows.delete(fromId);
    }
  }

  #allocateSlot(): number {
    const free = this.#freeSlots.pop();
    if (free !== undefined) return free;
    const slot = this.#size;
    if (slot >= this.#seconds.length) {
      const capacity = Math.min(Math.max(1024, this.#seconds.length * 2), this.#maxRelations + 1);
      this.#seconds = grow(this.#seconds, new Float64Array(capacity));
      this.#km = grow(this.#km, new Float64Array(capacity));
      this.#storedAt = grow(this.#storedAt, new Float64Array(capacity));
      this.#usedAt = grow(this.#usedAt, new Float64Array(capacity));
      this.#fromIdOf = grow(this.#fromIdOf, new Int32Array(capacity));
      this.#toIdOf = grow(this.#toIdOf, new Int32Array(capacity));
    }
    return slot;
  }

  /** The stop's id, counting one more relation that uses it. */
  #acquireStop(stopKey: string): number {
    let id = this.#stopIds.get(stopKey);
    if (id === undefined) {
      id = this.#freeStopIds.pop() ?? this.#stopKeys.length;
      this.#stopIds.set(stopKey, id);
      this.#stopKeys[id] = stopKey;
      this.#stopUses[id] = 0;
    }
    this.#stopUses[id]!++;
    return id;
  }

  /** One relation fewer uses the stop; an unused stop's id is recycled. */
  #releaseStop(id: number): void {
    if (--this.#stopUses[id]! > 0) return;
    this.#stopIds.delete(this.#stopKeys[id]!);
    this.#freeStopIds.push(id);
  }
}

function grow<T extends Float64Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
