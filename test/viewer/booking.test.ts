/**
 * A booking check in the served viewer (headless Chromium, the whole service on loopback): the
 * snapshot is pasted into the page, checked by the service with a typed token, and the page shows
 * the status, the reason with its catalogue text, and every alternative, each on the timeline.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import type { BookingCheckResponse } from '../../src/contract/index.ts';
import { REASON_CATALOGUE } from '../../src/contract/reasons.ts';
import { launchBrowser, openPage, screenshotPath } from '../support/browser.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { blockCentre, hoverText, rowLabels, spanText, waitForPlan } from './support.ts';

const CASE = join(import.meta.dirname, '..', 'cases', 'infeasible', 'window-unreachable.json');

describe('plan viewer: a booking check with alternatives (headless Chromium)', function () {
  this.timeout(300_000);
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let offsite: string[];
  let response: BookingCheckResponse;
  const snapshot = JSON.parse(readFileSync(CASE, 'utf8'));

  before(async () => {
    service = await startTestService();
    browser = await launchBrowser();
    ({ page, errors, offsite } = await openPage(browser));
    await page.goto(`${service.baseUrl}/viewer`);
    // pasting: the text lands in the field as a paste would put it there
    await page.$eval('#paste', (field, text) => ((field as HTMLTextAreaElement).value = text), JSON.stringify(snapshot, null, 2));
    await page.click('#paste-add');
    await page.waitForFunction(() => document.querySelector('#send')?.textContent?.includes('Check the booking'));
    await page.type('#token', service.token);
    const answered = page.waitForResponse((candidate) => candidate.url().endsWith('/v1/booking-checks'), { timeout: 240_000 });
    await page.click('#send');
    response = (await (await answered).json()) as BookingCheckResponse;
    await page.waitForFunction(() => document.querySelector('#slot-response')?.textContent?.includes('booking check'), { timeout: 60_000 });
    await waitForPlan(page);
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('shows the status and the reason code with the catalogue text', async () => {
    expect(response.status).to.equal('infeasible_proven');
    expect(await page.$eval('.status', (element) => (element as HTMLElement).dataset.status)).to.equal(response.status);
    expect(await page.$eval('.status', (element) => element.textContent)).to.equal('Infeasible (proven)');
    expect(await page.$eval('.booking-reason code', (element) => element.textContent)).to.equal(response.reason_code);
    expect(await page.$eval('.booking-reason .meaning', (element) => element.textContent)).to.equal(REASON_CATALOGUE.window_unreachable.meaning);
    expect(await page.$eval('.booking-reason .specifics', (element) => element.textContent)).to.include('new-1');
    // the place the reason names, not the new leg itself
    expect(await page.$eval('.booking-reason .blocking', (element) => element.textContent)).to.equal('Blocking resource: place cust-harrogate');
  });

  it('lists every alternative and draws each on the timeline, below the requested window', async () => {
    const alternatives = response.alternatives ?? [];
    expect(alternatives.length).to.be.greaterThan(0);
    const timezone = snapshot.timezone ?? 'Europe/London';
    const listed = await page.$$eval('table.alternatives tbody tr', (rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
    expect(listed).to.have.length(alternatives.length);
    const labels = await rowLabels(page);
    expect(labels.slice(0, 1 + alternatives.length)).to.deep.equal(['new-1', ...alternatives.map((_, index) => `Alternative ${index + 1}`)]);
    expect(labels.slice(1 + alternatives.length)).to.deep.equal(snapshot.drivers.map((driver: { id: string }) => driver.id));

    const requested = snapshot.new_movements[0].window;
    const requestedText = await hoverText(page, (await blockCentre(page, 0, Date.parse(requested.start), Date.parse(requested.end)))!, 'Requested window');
    expect(requestedText).to.include(`Requested window ${spanText(requested.start, requested.end, timezone)}`).and.include('new-1');

    for (const [index, alternative] of alternatives.entries()) {
      const span = spanText(alternative.proposed_window.start, alternative.proposed_window.end, timezone);
      expect(listed[index]![1]).to.equal(span);
      for (const [lane, entry] of (alternative.movement_windows ?? []).entries()) {
        const lanes = alternative.movement_windows!.length;
        const centre = (await blockCentre(page, index + 1, Date.parse(entry.window.start), Date.parse(entry.window.end)))!;
        const bandHeight = 36 * 0.8;
        const point = { x: centre.x, y: centre.y - bandHeight / 2 + (lane + 0.5) * (bandHeight / lanes) };
        const text = await hoverText(page, point, `Alternative window ${spanText(entry.window.start, entry.window.end, timezone)}`);
        expect(text).to.include(`Alternative window ${spanText(entry.window.start, entry.window.end, timezone)}`).and.include(entry.movement_id);
        expect(text).to.include(`alternative ${index + 1}: ${span}`);
      }
    }
    await page.screenshot({ path: screenshotPath('served-booking'), fullPage: true });
  });

  it('zooms the timeline to an alternative when it is clicked in the list', async () => {
    const alternative = response.alternatives![response.alternatives!.length - 1]!;
    await page.click(`tr[data-alternative="${response.alternatives!.length}"]`);
    // the times at the left and right edges of the plot area, as the axis shows them
    const zoom = await page.evaluate(() => {
      const chart = window.planViewer!.timeline.chart;
      const grid = (chart.getOption() as { grid: { left: number; right: number }[] }).grid[0]!;
      // (no named helper: tsx would wrap it in a __name call the page does not have)
      return [grid.left, chart.getWidth() - grid.right].map((x) => (chart.convertFromPixel({ gridIndex: 0 }, [x, 0]) as number[])[0]!);
    });
    expect(zoom[0]).to.be.at.most(Date.parse(alternative.proposed_window.start));
    expect(zoom[1]).to.be.at.least(Date.parse(alternative.proposed_window.end));
    expect(zoom[1]! - zoom[0]!).to.be.below(6 * 3_600_000);
  });

  it('loaded nothing from outside the service and raised no script error', () => {
    expect(offsite).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
  });
});
