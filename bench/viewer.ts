/**
 * `npm run bench -- viewer [--presets medium,large] [--seed 1] [--loads 3]`: how fast the plan
 * viewer draws a real plan in headless Chromium. Each preset is planned once by a fresh service
 * (allowance as in the service bench), then /viewer is opened and the snapshot and the answer are
 * dropped onto it `--loads` times. Prints one table: the plan's size, the milliseconds from the
 * drop to both charts drawn (median and worst; and the page's main-thread CPU time for it), and for plans with more rows than the timeline
 * shows, the milliseconds a mouse-wheel scroll of the rows takes to redraw (median and worst).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { Page } from 'puppeteer-core';
import { generate, isPresetName, toJson } from '../data-gen/index.ts';
import { loadConfig } from '../src/config/index.ts';
import type { ManifestPlanResponse } from '../src/contract/index.ts';
import { startService, type RunningService } from '../src/service.ts';
import { launchBrowser } from '../test/support/browser.ts';
import { printTable } from './routing/table.ts';
import { option } from './support/args.ts';

const ALLOWANCE_SECONDS: Record<string, number> = { tiny: 10, small: 30, medium: 30, large: 60, max: 120 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function plan(service: RunningService, body: string): Promise<ManifestPlanResponse> {
  const response = await fetch(`http://127.0.0.1:${service.port}/v1/manifests`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${(await service.ready).localCredential!.token}`, 'Content-Type': 'application/json' },
    body,
  });
  if (response.status !== 200) throw new Error(`bench viewer: planning answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ManifestPlanResponse;
}

/**
 * Drops the two documents onto the page: the wall-clock milliseconds from the drop to both charts
 * drawn, and the CPU milliseconds the page's main thread spent meanwhile (Chrome's task time in
 * thread ticks: what the render costs, less sensitive to other work on a busy machine).
 */
async function dropAndRender(page: Page, snapshot: string, response: string): Promise<{ wall: number; cpu: number }> {
  const session = await page.createCDPSession();
  await session.send('Performance.enable', { timeDomain: 'threadTicks' });
  const taskSeconds = async () => (await session.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')!.value;
  const before = await taskSeconds();
  const wall = await page.evaluate(async (snapshot, response) => {
    const began = performance.now();
    const transfer = new DataTransfer();
    transfer.items.add(new File([snapshot], 'snapshot.json', { type: 'application/json' }));
    transfer.items.add(new File([response], 'response.json', { type: 'application/json' }));
    delete document.body.dataset.state;
    document.querySelector('main')!.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    while (document.body.dataset.state !== 'rendered') await new Promise((resolve) => setTimeout(resolve, 5));
    return performance.now() - began;
  }, snapshot, response);
  const cpu = ((await taskSeconds()) - before) * 1000;
  await session.detach();
  return { wall, cpu };
}

/** Scrolls the timeline's rows with the mouse wheel `times` times; the milliseconds each redraw took. */
async function scrollRows(page: Page, times: number): Promise<number[]> {
  const box = (await (await page.$('#timeline'))!.boundingBox())!;
  await page.evaluate((y) => window.scrollTo(0, y), box.y - 20);
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.mouse.move(box.x + box.width / 2, box.y - scrollY + box.height / 2);
  const durations: number[] = [];
  for (let index = 0; index < times; index++) {
    await page.evaluate(() => {
      const chart = window.planViewer!.timeline.chart;
      // an anonymous handler that settles once (a named one would be wrapped in tsx's __name, unknown to the page)
      (window as unknown as { redrawn: Promise<number> }).redrawn = new Promise((resolve) => {
        const began = performance.now();
        let settled = false;
        chart.on('finished', () => {
          if (!settled) resolve(performance.now() - began);
          settled = true;
        });
      });
    });
    await page.mouse.wheel({ deltaY: 120 });
    durations.push(await page.evaluate(() => (window as unknown as { redrawn: Promise<number> }).redrawn));
  }
  return durations;
}

export async function run(args: string[]): Promise<void> {
  const presets = option(args, 'presets', 'medium,large').split(',');
  const seed = Number(option(args, 'seed', '1'));
  const loads = Number(option(args, 'loads', '3'));
  const unknown = presets.filter((name) => !isPresetName(name));
  if (unknown.length > 0) throw new Error(`bench viewer: unknown preset(s) ${unknown.join(', ')}`);
  const browser = await launchBrowser();
  const rows: Record<string, string>[] = [];
  try {
    for (const preset of presets) {
      const snapshot = toJson(generate({ preset: preset as never, seed }).snapshot, true);
      const dataDir = mkdtempSync(join(tmpdir(), 'mps-bench-viewer-'));
      const config = loadConfig({ ...process.env, PORT: '0', DATA_DIR: dataDir, MANIFEST_SOLVE_SECONDS: String(ALLOWANCE_SECONDS[preset] ?? 60) });
      const service = await startService(config, pino({ level: 'warn' }));
      try {
        console.error(`${preset}: planning…`);
        const answer = await plan(service, snapshot);
        const response = JSON.stringify(answer);
        const page = await browser.newPage();
        await page.goto(`http://127.0.0.1:${service.port}/viewer`);
        const renders: number[] = [];
        const cpus: number[] = [];
        for (let load = 0; load < loads; load++) {
          const { wall, cpu } = await dropAndRender(page, snapshot, response);
          renders.push(wall);
          cpus.push(cpu);
        }
        const scrollable = await page.evaluate(() => window.planViewer!.view.rows.length > 18);
        const scrolls = scrollable ? await scrollRows(page, 10) : [];
        const legs = (JSON.parse(snapshot) as { movements: unknown[] }).movements.length;
        rows.push({
          preset,
          drivers: String(answer.manifests.length),
          'legs planned': `${legs - answer.unplanned_movements.length}/${legs}`,
          activities: String(answer.manifests.reduce((sum, manifest) => sum + manifest.activities.length, 0)),
          'response MB': (response.length / 2 ** 20).toFixed(1),
          'render ms (median)': median(renders).toFixed(0),
          'render ms (worst)': Math.max(...renders).toFixed(0),
          'render CPU ms (median)': median(cpus).toFixed(0),
          'scroll redraw ms (median)': scrolls.length === 0 ? '-' : median(scrolls).toFixed(0),
          'scroll redraw ms (worst)': scrolls.length === 0 ? '-' : Math.max(...scrolls).toFixed(0),
        });
        console.error(`${preset}: drawn in ${renders.map((value) => value.toFixed(0)).join(', ')} ms (main-thread CPU ${cpus.map((value) => value.toFixed(0)).join(', ')} ms)`);
        await page.close();
      } finally {
        await service.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
  printTable(rows);
}
