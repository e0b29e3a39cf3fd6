/**
 * Which upstream matrix requests to make: rectangles (sources x destinations, as stop indexes)
 * that together ask for every relation the cache lacks, each within the provider's size limits.
 */
export interface MatrixBlock {
  sources: number[];
  destinations: number[];
}

export interface RequestLimits {
  /** sources x destinations of one request. */
  maxRelationsPerRequest: number;
  /** Coordinates in one request (at most sources + destinations). */
  maxLocationsPerRequest: number;
}

/** `missing[from * stopCount + to]` is 1 when that relation must be fetched. */
export type MissingRelations = Uint8Array;

/**
 * When nothing is cached this is the whole matrix. Otherwise stops are split into a set whose
 * relations among themselves are all cached (found greedily, by removing the stop with the most
 * missing relations until none are left) and the rest; the missing relations then lie in two
 * rectangles, "rest -> all" and "cached set -> rest". Whichever of those two rectangles or
 * their union needs fewer requests is used (the union on a tie: simpler, and the provider's
 * quota is counted in requests).
 */
export function planRequests(stopCount: number, missing: MissingRelations, limits: RequestLimits): MatrixBlock[] {
  const inCachedSet = findCachedSet(stopCount, missing);
  const rest = range(stopCount).filter((stop) => !inCachedSet[stop]);
  if (rest.length === 0) return [];
  const restToAll = trimBlock(rest, range(stopCount), stopCount, missing);
  const cachedSetToRest = trimBlock(range(stopCount).filter((stop) => inCachedSet[stop]), rest, stopCount, missing);
  const separate = [restToAll, cachedSetToRest].flatMap((block) => chunkBlock(block, limits));
  const merged = chunkBlock(
    { sources: union(restToAll.sources, cachedSetToRest.sources), destinations: union(restToAll.destinations, cachedSetToRest.destinations) },
    limits,
  );
  return merged.length <= separate.length ? merged : separate;
}

function findCachedSet(stopCount: number, missing: MissingRelations): boolean[] {
  const inSet = new Array<boolean>(stopCount).fill(true);
  const missingCount = new Array<number>(stopCount).fill(0);
  for (let from = 0; from < stopCount; from++) {
    for (let to = 0; to < stopCount; to++) {
      if (missing[from * stopCount + to] === 1) {
        missingCount[from]!++;
        missingCount[to]!++;
      }
    }
  }
  for (;;) {
    let worst = -1;
    for (let stop = 0; stop < stopCount; stop++) {
      if (inSet[stop] && missingCount[stop]! > 0 && (worst < 0 || missingCount[stop]! > missingCount[worst]!)) worst = stop;
    }
    if (worst < 0) return inSet;
    inSet[worst] = false;
    for (let other = 0; other < stopCount; other++) {
      missingCount[other]! -= missing[worst * stopCount + other]! + missing[other * stopCount + worst]!;
    }
  }
}

/** Keeps only the sources and destinations that take part in a missing relation of the block. */
function trimBlock(sources: number[], destinations: number[], stopCount: number, missing: MissingRelations): MatrixBlock {
  const needed = (from: number, to: number) => missing[from * stopCount + to] === 1;
  return {
    sources: sources.filter((from) => destinations.some((to) => needed(from, to))),
    destinations: destinations.filter((to) => sources.some((from) => needed(from, to))),
  };
}

/**
 * Splits a block into the fewest requests within the limits: tries every column count, takes
 * as many rows as fit, prefers wide strips on a tie, then spreads rows and columns evenly.
 */
export function chunkBlock(block: MatrixBlock, limits: RequestLimits): MatrixBlock[] {
  const rows = block.sources.length;
  const columns = block.destinations.length;
  if (rows === 0 || columns === 0) return [];
  let best: { rowParts: number; columnParts: number } | undefined;
  for (let width = columns; width >= 1; width--) {
    const height = Math.min(rows, Math.floor(limits.maxRelationsPerRequest / width), limits.maxLocationsPerRequest - width);
    if (height < 1) continue;
    const candidate = { rowParts: Math.ceil(rows / height), columnParts: Math.ceil(columns / width) };
    if (best === undefined || candidate.rowParts * candidate.columnParts < best.rowParts * best.columnParts) best = candidate;
  }
  if (best === undefined) throw new RangeError('journey: request limits admit no request (need maxLocationsPerRequest >= 2)');
  const sourceParts = splitEvenly(block.sources, best.rowParts);
  const destinationParts = splitEvenly(block.destinations, best.columnParts);
  return sourceParts.flatMap((sources) => destinationParts.map((destinations) => ({ sources, destinations })));
}

function splitEvenly(items: number[], parts: number): number[][] {
  const result: number[][] = [];
  let start = 0;
  for (let part = 0; part < parts; part++) {
    const end = start + Math.floor(items.length / parts) + (part < items.length % parts ? 1 : 0);
    result.push(items.slice(start, end));
    start = end;
  }
  return result;
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

function union(left: number[], right: number[]): number[] {
  return [...new Set([...left, ...right])].sort((a, b) => a - b);
}
