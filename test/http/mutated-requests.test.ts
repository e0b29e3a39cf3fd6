import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { BookingCheckResponse, ErrorBody, ManifestPlanResponse } from '../../src/contract/index.ts';
import { Random } from '../../src/routing/index.ts';
import { isDateTimeWithOffset } from '../../src/snapshot/index.ts';
import { readExample, startTestService, type TestService } from '../support/service.ts';

type Path = (string | number)[];

/** Every path into a JSON value (the root excluded), depth first. */
function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  if (at.length > 0) out.push(at);
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...at, index], out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) pathsOf(item, [...at, key], out);
  return out;
}

const valueAt = (root: unknown, path: Path): any => path.reduce<any>((value, key) => value?.[key], root);

/**
 * Seeded changes of the kinds a caller's bug produces: a field dropped, duplicated or added;
 * a value of the wrong type or out of range; and, most often, a value of the right type that is
 * wrong: an id of something else (a dangling or crossed reference), an instant shifted by minutes
 * to days, a count off by one or doubled, a flag flipped, a list shortened or repeated.
 */
class Mutator {
  private readonly random: Random;
  private readonly strings: string[];

  constructor(seed: number, examples: unknown[]) {
    this.random = new Random(seed);
    this.strings = examples.flatMap((example) => pathsOf(example).map((path) => valueAt(example, path)).filter((value) => typeof value === 'string'));
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.random.int(items.length)]!;
  }

  private sameType(current: unknown): unknown {
    if (typeof current === 'string') {
      if (!/^\d{4}-\d\d-\d\dT/.test(current)) return this.pick(this.strings);
      const minutes = this.pick([-1440, -600, -60, -15, 15, 60, 600, 1440, 20_000]);
      return new Date(Date.parse(current) + minutes * 60_000).toISOString().replace('.000Z', 'Z');
    }
    if (typeof current === 'number') return this.pick([0, 1, current - 1, current + 1, current * 2, Math.round(current / 2), 10_000]);
    if (typeof current === 'boolean') return !current;
    if (Array.isArray(current)) return current.length > 1 ? current.slice(1) : [...current, ...current];
    return current;
  }

  private otherType(current: unknown): unknown {
    return this.pick([null, true, 0, -1, 2.5, 1e12, '', 'é😀', '2026-02-30T10:00:00Z', '2026-03-02T10:00:00', [], {}, [current], 'x'.repeat(5000)]);
  }

  /** A copy of `body` with one to three changes. */
  mutate(body: unknown): unknown {
    const copy = structuredClone(body) as Record<string, any>;
    const paths = pathsOf(copy);
    for (let change = 1 + this.random.int(3); change > 0; change -= 1) {
      const path = this.pick(paths);
      const parent = valueAt(copy, path.slice(0, -1));
      const key = path[path.length - 1]!;
      if (parent === null || typeof parent !== 'object') continue; // removed by an earlier change
      const roll = this.random.next();
      if (roll < 0.2) {
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete parent[key];
      } else if (roll < 0.3 && Array.isArray(parent)) parent.push(structuredClone(parent[Number(key)]));
      else if (roll < 0.35 && !Array.isArray(parent)) parent.unexpected_field = 1;
      else parent[key] = roll < 0.8 ? this.sameType(parent[key]) : this.otherType(parent[key]);
    }
    return copy;
  }
}

/**
 * A caller's bugs never reach a 5xx: every changed example gets a 200 that matches the contract
 * (for manifests: a plan the validator passed) or a 4xx error body whose details name real
 * paths of the request. Over real HTTP, with every component real.
 */
describe('service over HTTP: mutated requests', function () {
  this.timeout(300_000);
  const REQUESTS = 60;
  let service: TestService;
  const ajv = new Ajv2020({ strict: false });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTimeWithOffset });
  const validError = ajv.compile(ErrorBody);
  const routes = {
    '/v1/manifests': { examples: ['tiny.json', 'small.json'], valid: ajv.compile(ManifestPlanResponse) },
    '/v1/booking-checks': { examples: ['tiny-booking.json', 'small-booking.json'], valid: ajv.compile(BookingCheckResponse) },
  };

  before(async () => {
    service = await startTestService({ TRIAL_REQUESTS_PER_MINUTE: '10000', MANIFEST_SOLVE_SECONDS: '2', BOOKING_SOLVE_SECONDS: '2' });
  });
  after(async () => {
    await service?.stop();
  });

  it(`answers ${REQUESTS} seeded mutations of the examples with a valid 200 or a 4xx that names the paths`, async () => {
    const examples = Object.fromEntries(Object.values(routes).flatMap((route) => route.examples).map((name) => [name, readExample(name)]));
    const mutator = new Mutator(20261123, Object.values(examples));
    const random = new Random(7);
    const statuses = new Map<number, number>();
    for (let round = 0; round < REQUESTS; round += 1) {
      const path = random.next() < 0.6 ? '/v1/manifests' : '/v1/booking-checks';
      const route = routes[path];
      const sent = mutator.mutate(examples[route.examples[random.int(route.examples.length)]!]);
      const response = await fetch(`${service.baseUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${service.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(sent),
      });
      const body = (await response.json()) as any;
      const context = `request ${round} to ${path}: ${response.status} ${JSON.stringify(body).slice(0, 600)}`;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status, context).to.be.oneOf([200, 422]);
      if (response.status === 200) {
        expect(route.valid(body), context).to.equal(true);
        if (path === '/v1/manifests') expect(body.evidence.validation, context).to.equal('passed');
        continue;
      }
      expect(validError(body), context).to.equal(true);
      expect(body.error.details, context).to.not.be.empty;
      for (const detail of body.error.details) {
        // the field itself may be the one missing, but where it belongs is in the request
        expect(valueAt(sent, detail.path.slice(0, -1)), `${context}\n${JSON.stringify(detail)}`).to.not.equal(undefined);
      }
    }
    // both answers are exercised: the mutations are not all caught by the schema
    expect(statuses.get(200) ?? 0).to.be.greaterThan(REQUESTS / 10);
    expect(statuses.get(422) ?? 0).to.be.greaterThan(REQUESTS / 10);
  });
});
