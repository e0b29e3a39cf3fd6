/**
 * GET /metrics (issue 17): Prometheus text format, parsed by an independent parser, moving as
 * the service serves: requests by route and status, latency, credential denials by reason,
 * solves by operation, solver and outcome with their solve time, journey-provider calls. A
 * separate listener (METRICS_PORT) serves only /metrics.
 */
import { expect } from 'chai';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { createServiceMetrics, startMetricsServer } from '../../src/http/index.ts';
import { readExample, startTestService, type TestService } from '../support/service.ts';

interface Scrape {
  families: ReturnType<typeof parsePrometheusTextFormat>;
  text: string;
}

/** The value of the sample of counter `name` whose labels include `labels` (0 when there is none). */
function sample({ families }: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = families.find((item) => item.name === name);
  const found = family?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
  return Number(found?.value ?? 0);
}

/**
 * Observations of histogram `name` for `labels`, from its `_count` line (the parser folds a
 * labelled histogram's series together; it still checks the family's type).
 */
function observations(scrape: Scrape, name: string, labels: Record<string, string>): number {
  expect(scrape.families.find((family) => family.name === name)?.type).to.equal('HISTOGRAM');
  const line = scrape.text.split('\n').find((item) => item.startsWith(`${name}_count{`) && Object.entries(labels).every(([key, value]) => item.includes(`${key}="${value}"`)));
  return Number(line?.split(' ').at(-1) ?? 0);
}

describe('GET /metrics', function () {
  this.timeout(240_000);
  let service: TestService;

  before(async () => {
    service = await startTestService();
  });
  after(async () => {
    await service?.stop();
  });

  async function scrape(): Promise<Scrape> {
    const response = await fetch(`${service.baseUrl}/metrics`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    return { families: parsePrometheusTextFormat(text), text };
  }
  const usage = (token?: string) => fetch(`${service.baseUrl}/v1/usage`, token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } });

  it('parses as Prometheus text and counts requests by route and status, with latency and credential denials by reason', async () => {
    const before = await scrape();
    expect((await usage()).status).to.equal(401);
    expect((await usage(service.token)).status).to.equal(200);
    expect((await fetch(`${service.baseUrl}/no/such/path`)).status).to.equal(404);
    const after = await scrape();
    const requests = (status: string) => sample(after, 'mps_http_requests_total', { route: '/v1/usage', method: 'GET', status }) - sample(before, 'mps_http_requests_total', { route: '/v1/usage', method: 'GET', status });
    expect(requests('401')).to.equal(1);
    expect(requests('200')).to.equal(1);
    expect(sample(after, 'mps_http_requests_total', { route: 'unmatched', status: '404' })).to.be.at.least(1);
    expect(sample(after, 'mps_credential_denials_total', { reason: 'credential_missing' }) - sample(before, 'mps_credential_denials_total', { reason: 'credential_missing' })).to.equal(1);
    const timed = (scrape: Scrape) => observations(scrape, 'mps_http_request_duration_seconds', { route: '/v1/usage', method: 'GET' });
    expect(timed(after) - timed(before)).to.equal(2);
    expect(after.families.find((family) => family.name === 'process_cpu_seconds_total'), 'process metrics').to.not.equal(undefined);
  });

  it('counts a plan by operation, solver and outcome, its solve time and the journey-provider call', async () => {
    const before = await scrape();
    const response = await fetch(`${service.baseUrl}/v1/manifests`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(readExample('tiny.json')),
    });
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body).slice(0, 300)).to.equal(200);
    const after = await scrape();
    const outcome = body.unplanned_movements.length === 0 ? 'all_planned' : 'unplanned_legs';
    // the solver label is the model's solver, `none` where the plan needed no model call (the
    // tiny example's days are settled by the search and the small-day enumeration)
    const engineSolver = body.evidence.planning_engine.solver as string | null;
    const solver = engineSolver === null ? 'none' : engineSolver.split(' ')[0]!.toLowerCase();
    expect(['none', 'gecode']).to.include(solver);
    const labels = { operation: 'manifests', solver, outcome };
    expect(sample(after, 'mps_solves_total', labels) - sample(before, 'mps_solves_total', labels)).to.equal(1);
    const solveTimes = (scrape: Scrape) => observations(scrape, 'mps_solve_duration_seconds', { operation: 'manifests', solver });
    expect(solveTimes(after) - solveTimes(before)).to.equal(1);
    const journey = { provider: 'estimator', outcome: 'ok' };
    expect(sample(after, 'mps_journey_provider_calls_total', journey) - sample(before, 'mps_journey_provider_calls_total', journey)).to.equal(1);
  });
});

describe('GET /metrics on its own listener (METRICS_PORT)', () => {
  it('serves the registry there and nothing else', async () => {
    const metrics = createServiceMetrics();
    const server = await startMetricsServer(metrics.registry, 0, '127.0.0.1');
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).to.equal(200);
      expect(parsePrometheusTextFormat(await response.text()).map((family) => family.name)).to.include('mps_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${server.port}/v1/usage`)).status).to.equal(404);
    } finally {
      await server.close();
    }
  });
});
