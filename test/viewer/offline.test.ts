/**
 * `npm run view -- snapshot.json response.json > plan.html` opened from a file:// URL in headless
 * Chromium (nothing fetched, no service), and the same documents dropped onto the served page.
 * The small preset is planned once for the file, over HTTP; nothing depends on speed.
 */
import { expect } from 'chai';
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'puppeteer-core';
import type { ManifestPlanResponse } from '../../src/contract/index.ts';
import { launchBrowser, openPage, screenshotPath } from '../support/browser.ts';
import { readExample, startTestService, type TestService } from '../support/service.ts';
import { expectManifestTimeline, expectRoutePerDriver, expectUnplannedTable, waitForPlan } from './support.ts';

const REPOSITORY = join(import.meta.dirname, '..', '..');

describe('plan viewer: one self-contained file from npm run view (headless Chromium)', function () {
  this.timeout(600_000);
  let service: TestService;
  let browser: Browser;
  let response: ManifestPlanResponse;
  const directory = mkdtempSync(join(tmpdir(), 'mps-viewer-offline-'));
  const snapshotFile = join(directory, 'small.json');
  const responseFile = join(directory, 'response.json');
  const pageFile = join(directory, 'plan.html');
  const snapshot = readExample('small.json');
  // a leg whose window is after the period: left out with a pre-check's reason code
  snapshot.movements.push({ ...snapshot.movements[0], id: 'leg-viewer-late', booking_id: null, window: { start: '2026-03-04T09:00:00+00:00', end: '2026-03-04T10:00:00+00:00' } });

  before(async () => {
    service = await startTestService({ MANIFEST_SOLVE_SECONDS: '30' });
    const answer = await fetch(`${service.baseUrl}/v1/manifests`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(snapshot),
    });
    expect(answer.status).to.equal(200);
    response = (await answer.json()) as ManifestPlanResponse;
    writeFileSync(snapshotFile, JSON.stringify(snapshot));
    writeFileSync(responseFile, JSON.stringify(response));
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('writes one HTML file with everything inline: it opens from disk, fetches nothing and shows the whole plan', async () => {
    await execa({ cwd: REPOSITORY, shell: true })`npm run view -- ${snapshotFile} ${responseFile} > ${pageFile}`;
    const html = readFileSync(pageFile, 'utf8');
    expect(html.startsWith('<!doctype html>'), html.slice(0, 80)).to.equal(true);
    expect(html).to.not.match(/<(script|link)[^>]+(src|href)="(?!data:)/);

    const { page, errors, offsite } = await openPage(browser);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(pathToFileURL(pageFile).href);
    await waitForPlan(page);
    expect(requested).to.deep.equal([pathToFileURL(pageFile).href]);
    expect(await page.$eval('#loader', (element) => getComputedStyle(element).display)).to.equal('none');

    await expectManifestTimeline(page, response, snapshot.timezone);
    const unplanned = await expectUnplannedTable(page, response);
    expect(unplanned.find((row) => row.movement === 'leg-viewer-late')?.code).to.equal('window_outside_planning_period');
    await expectRoutePerDriver(page, response);
    await page.screenshot({ path: screenshotPath('offline-small'), fullPage: true });
    expect(offsite).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
  });

  it('shows the same plan when the two files are dropped onto the served page', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${service.baseUrl}/viewer`);
    await page.evaluate(
      (files) => {
        const transfer = new DataTransfer();
        for (const [name, text] of files) transfer.items.add(new File([text!], name!, { type: 'application/json' }));
        document.querySelector('main')!.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      },
      [
        ['response.json', JSON.stringify(response)],
        ['small.json', JSON.stringify(snapshot)],
      ],
    );
    await waitForPlan(page);
    await expectManifestTimeline(page, response, snapshot.timezone);
    await expectUnplannedTable(page, response);
    expect(errors).to.deep.equal([]);
  });

  it('refuses files that are not a snapshot or an answer, saying why', async () => {
    const notJson = join(directory, 'notes.txt');
    writeFileSync(notJson, 'not json');
    const result = await execa({ cwd: REPOSITORY, reject: false })`npm run --silent view -- ${notJson}`;
    expect(result.exitCode).to.equal(2);
    expect(result.stderr).to.include('is not JSON');
    const onlyAnswer = await execa({ cwd: REPOSITORY, reject: false })`npm run --silent view -- ${responseFile}`;
    expect(onlyAnswer.exitCode).to.equal(2);
    expect(onlyAnswer.stderr).to.include('no snapshot given');
  });
});
