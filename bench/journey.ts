/**
 * `npm run bench -- journey [places...]`: journey matrices for growing place counts, from the
 * embedded estimator and from the OSRM and ORS adapters against local servers speaking their
 * formats (cold cache, then warm), plus the memory a full cache takes. The servers run in this
 * process, so cold times include their work of building and encoding the answers.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createJourneyProvider, type JourneyPlace, type JourneyProviderName } from '../src/journey/index.ts';
import { JourneyCache } from '../src/journey/cache.ts';
import { MatrixServer } from '../test/journey/support/matrix-servers.ts';

function places(count: number): JourneyPlace[] {
  // Deterministic spread over England: a 0.05-degree grid from Bristol towards Leeds.
  return Array.from({ length: count }, (_, index) => ({
    id: `p${index}`,
    latitude: 51.4 + Math.floor(index / 25) * 0.11,
    longitude: -2.6 + (index % 25) * 0.05,
  }));
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function cacheMegabytes(relations: number): number {
  const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  collectGarbage();
  const before = used();
  const cache = new JourneyCache({ maxRelations: relations, maxAgeMs: 3_600_000 });
  for (let index = 0; index < relations; index++) {
    // 500 x 500 stops, the shape of one full matrix.
    cache.write(`${5_140_000 + Math.floor(index / 500)},-260000`, `${5_300_000 + (index % 500)},-150000`, index * 1.5, index / 100);
  }
  collectGarbage();
  const megabytes = (used() - before) / 1e6;
  if (cache.size !== relations) throw new Error('cache lost entries');
  return megabytes;
}

export async function run(args: string[]): Promise<void> {
  const counts = args.length > 0 ? args.map(Number) : [50, 200, 500];
  const rows: Record<string, string | number>[] = [];
  const deadline = () => Date.now() + 120_000;
  for (const count of counts) {
    const list = places(count);
    const estimator = createJourneyProvider({ provider: 'estimator' });
    const [, estimatorMs] = await timed(() => estimator.matrix(list, { deadline: deadline() }));
    const [, estimatorAgainMs] = await timed(() => estimator.matrix(list, { deadline: deadline() }));
    rows.push({ provider: 'estimator', places: count, relations: count * (count - 1), requests: 0, 'cold ms': estimatorMs.toFixed(1), 'warm ms': estimatorAgainMs.toFixed(1) });
    for (const name of ['osrm', 'openrouteservice'] as const satisfies JourneyProviderName[]) {
      const server = await MatrixServer.start(name);
      try {
        const provider = createJourneyProvider({ provider: name, baseUrl: server.baseUrl });
        const plan = provider.plan(list);
        const [, coldMs] = await timed(() => provider.matrix(list, { deadline: deadline() }));
        const [, warmMs] = await timed(() => provider.matrix(list, { deadline: deadline() }));
        rows.push({ provider: name, places: count, relations: plan.required, requests: server.requests.length, 'cold ms': coldMs.toFixed(1), 'warm ms': warmMs.toFixed(1) });
      } finally {
        await server.close();
      }
    }
  }
  console.table(rows);
  console.table([{ 'cached relations': 250_000, 'memory MB (heap + typed arrays)': cacheMegabytes(250_000).toFixed(1) }]);
}
