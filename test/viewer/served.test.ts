/**
 * GET /viewer in real headless Chromium against the whole service on loopback: a person opens the
 * page, loads the `small` preset, types a token, has it planned by the service and sees the plan.
 * The small preset is planned once for the file (by the page itself); nothing depends on speed.
 */
import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import type { ManifestPlanResponse } from '../../src/contract/index.ts';
import { launchBrowser, openPage, screenshotPath } from '../support/browser.ts';
import { readExample, startTestService, type TestService } from '../support/service.ts';
import { blockCentre, expectManifestTimeline, expectRoutePerDriver, expectUnplannedTable, hoverText, mapRoutes, waitForPlan } from './support.ts';

describe('plan viewer served by the service (headless Chromium)', function () {
  this.timeout(600_000);
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let offsite: string[];
  let response: ManifestPlanResponse;
  const snapshot = readExample('small.json');
  // a leg that names a Nugget in maintenance: the answer must leave it out with a reason and name the Nugget
  snapshot.movements.push({
    type: 'move_nugget', id: 'leg-viewer-maintenance', nugget_ids: ['ng-00012'], origin_id: 'wh-manchester', destination_id: snapshot.movements.find((leg: any) => leg.destination_id?.startsWith('cp-')).destination_id,
    pickup_window: { start: '2026-03-02T09:00:00+00:00', end: '2026-03-02T12:00:00+00:00' },
  });
  const directory = mkdtempSync(join(tmpdir(), 'mps-viewer-'));
  const snapshotFile = join(directory, 'small.json');
  writeFileSync(snapshotFile, JSON.stringify(snapshot));

  before(async () => {
    service = await startTestService({ MANIFEST_SOLVE_SECONDS: '30' });
    browser = await launchBrowser();
    ({ page, errors, offsite } = await openPage(browser));
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('serves the page and its script and styles itself, with a policy that lets it load nothing from elsewhere', async () => {
    const html = await fetch(`${service.baseUrl}/viewer`);
    expect(html.status).to.equal(200);
    expect(html.headers.get('content-type')).to.match(/^text\/html/);
    expect(html.headers.get('content-security-policy')).to.include("default-src 'none'").and.include("script-src 'self'").and.include("connect-src 'self'");
    const body = await html.text();
    expect(body).to.include('<script src="/viewer/viewer.js"').and.not.match(/https?:\/\//);
    const script = await fetch(`${service.baseUrl}/viewer/viewer.js`);
    expect(script.status).to.equal(200);
    expect(script.headers.get('content-type')).to.match(/^text\/javascript/);
    expect((await script.text()).length).to.be.greaterThan(100_000); // ECharts is inside: nothing comes from a CDN
    expect((await fetch(`${service.baseUrl}/viewer/viewer.css`)).status).to.equal(200);
    expect((await fetch(`${service.baseUrl}/viewer/missing.js`)).status).to.equal(404);
  });

  it('plans the small preset from the page with a typed token, keeping the token out of the URL and storage', async () => {
    await page.goto(`${service.baseUrl}/viewer`);
    const input = (await page.$('#files')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(snapshotFile);
    await page.waitForFunction(() => document.querySelector('#slot-snapshot')?.textContent?.includes('drivers'));
    await page.type('#token', service.token);
    const answered = page.waitForResponse((candidate) => candidate.url().endsWith('/v1/manifests'), { timeout: 300_000 });
    await page.click('#send');
    const answer = await answered;
    expect(answer.status()).to.equal(200);
    expect(answer.request().headers().authorization).to.equal(`Bearer ${service.token}`);
    response = (await answer.json()) as ManifestPlanResponse;
    await page.waitForFunction(() => document.querySelector('#slot-response')?.textContent?.includes('manifests'), { timeout: 60_000 });
    await waitForPlan(page);
    expect(page.url()).to.equal(`${service.baseUrl}/viewer`);
    const stored = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie, history: history.length }));
    expect(stored).to.not.include(service.token);
    expect(response.manifests.length).to.be.greaterThan(0);
  });

  it('shows one timeline row per manifest and one block per activity, whose tooltip gives its type and the manifest\'s times', async () => {
    await expectManifestTimeline(page, response, snapshot.timezone);
    const listed = await page.$$eval('.driver', (buttons) => buttons.map((button) => (button as HTMLElement).dataset.driver));
    expect(listed).to.deep.equal(response.manifests.map((manifest) => manifest.driver_id));
    const details = (await page.$$eval('.driver .driver-detail', (spans) => spans.map((span) => span.textContent))).join(' ');
    for (const manifest of response.manifests) {
      const lorry = manifest.activities.find((activity) => activity.lorry_id != null)?.lorry_id;
      if (lorry != null) expect(details).to.include(lorry);
    }
    expect(await page.$eval('[data-summary="drivers"] .chip-value', (element) => element.textContent)).to.equal(String(response.manifests.length));
  });

  it("shows the drivers'-hours counters after each duty against their limits", async () => {
    for (const [row, manifest] of response.manifests.entries()) {
      const last = manifest.activities.at(-1)!;
      const end = Date.parse(last.end);
      const centre = await blockCentre(page, row, end, end);
      const driving = manifest.activities.filter((activity) => activity.type === 'drive').reduce((sum, activity) => sum + (Date.parse(activity.end) - Date.parse(activity.start)) / 60_000, 0);
      const text = await hoverText(page, { x: centre!.x + 30, y: centre!.y }, 'driving this week');
      const daily = /driving since the daily rest (\d+):(\d\d) of 9:00 h/.exec(text);
      expect(daily, text).to.not.equal(null);
      // the small preset's drivers start rested (an 11-hour gap after their counters): the day's driving is this duty's
      expect(Number(daily![1]) * 60 + Number(daily![2])).to.equal(Math.round(driving));
      expect(text).to.match(/driving this week \d+:\d\d of 56:00 h/);
    }
  });

  it('lists the legs left out with their reason code, the catalogue text and the resource that blocked them', async () => {
    expect(response.unplanned_movements.length).to.be.greaterThan(0);
    const rows = await expectUnplannedTable(page, response);
    const maintenance = rows.find((row) => row.movement === 'leg-viewer-maintenance')!;
    expect(maintenance.code).to.equal('nugget_in_maintenance');
    expect(maintenance.cells[5]).to.include('Nugget ng-00012');
    expect(await page.$eval('[data-summary="unplanned"] .chip-value', (element) => element.textContent)).to.equal(String(response.unplanned_movements.length));
  });

  it("draws each driver's route on the map in the driver's colour; clicking a driver highlights the row and the route", async () => {
    const colours = await expectRoutePerDriver(page, response);
    const chosen = response.manifests.findIndex((manifest) => manifest.activities.some((activity) => activity.type === 'drive'));
    await page.click(`.driver[data-row="${chosen}"]`);
    await page.waitForFunction((row) => document.querySelector(`.driver[data-row="${row}"]`)?.classList.contains('selected'), {}, chosen);
    const highlighted = await mapRoutes(page);
    const mine = highlighted.filter((route) => route.stroke === colours[chosen]);
    const others = highlighted.filter((route) => route.stroke !== colours[chosen]);
    expect(mine.every((route) => route.width === 5)).to.equal(true);
    expect(others.every((route) => route.width < 5 && route.opacity < 0.5)).to.equal(true);
    const band = await page.evaluate(() => (window.planViewer!.timeline.chart.getOption() as { series: { id: string; data: number[][] }[] }).series.find((series) => series.id === 'highlight')!.data);
    expect(band).to.deep.equal([[chosen]]);
    await page.screenshot({ path: screenshotPath('served-small'), fullPage: true });
    await page.click(`.driver[data-row="${chosen}"]`); // and again: nothing highlighted
    expect((await mapRoutes(page)).every((route) => route.width < 5)).to.equal(true);
  });

  it('loaded nothing from outside the service and raised no script error', () => {
    expect(offsite).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
  });
});
