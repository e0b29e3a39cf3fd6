/**
 * What the viewer's browser tests read off the page, as a person would: the rows and their
 * labels, each block found on the canvas and hovered for its tooltip, the routes drawn on the
 * SVG map, the tables. Times are written the way the page shows them (the snapshot's timezone).
 */
import { expect } from 'chai';
import { DateTime } from 'luxon';
import type { Page } from 'puppeteer-core';
import type { ManifestPlanResponse } from '../../src/contract/index.ts';
import { REASON_CATALOGUE, type ReasonCode } from '../../src/contract/reasons.ts';

export const spanText = (start: string, end: string, timezone: string) =>
  `${DateTime.fromISO(start, { zone: timezone }).toFormat('HH:mm')}–${DateTime.fromISO(end, { zone: timezone }).toFormat('HH:mm')}`;


export function waitForPlan(page: Page): Promise<unknown> {
  return page.waitForSelector('body[data-state="rendered"]', { timeout: 120_000 });
}

/** The timeline's row labels, top to bottom, as the chart draws them. */
export function rowLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => (window.planViewer!.timeline.chart.getOption() as { yAxis: { data: string[] }[] }).yAxis[0]!.data);
}

/** Where the centre of a [start, end] block of `row` is on the screen (page coordinates), or null when off the chart. */
export function blockCentre(page: Page, row: number, start: number, end: number): Promise<{ x: number; y: number } | null> {
  return page.evaluate(
    (row, start, end) => {
      const chart = window.planViewer!.timeline.chart;
      const [x, y] = chart.convertToPixel({ gridIndex: 0 }, [(start + end) / 2, row]) as number[];
      const box = chart.getDom().getBoundingClientRect();
      const grid = (chart.getOption() as { grid: { left: number; right: number; top: number; bottom: number }[] }).grid[0]!;
      if (x! < grid.left || x! > box.width - grid.right || y! < grid.top || y! > box.height - grid.bottom) return null;
      return { x: box.left + window.scrollX + x!, y: box.top + window.scrollY + y! };
    },
    row,
    start,
    end,
  );
}

/** Moves the mouse to a point of the page and returns the chart tooltip's text once it shows `expected` (or whatever it shows after 3 s). */
export async function hoverText(page: Page, point: { x: number; y: number }, expected: string): Promise<string> {
  await page.evaluate((y) => window.scrollTo(0, Math.max(0, y - 300)), point.y);
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.mouse.move(point.x - 3, point.y - scrollY);
  await page.mouse.move(point.x, point.y - scrollY);
  try {
    await page.waitForFunction(
      (expected) => [...document.querySelectorAll<HTMLElement>('.viewer-tooltip')].some((tip) => tip.style.display !== 'none' && tip.innerText.includes(expected)),
      { timeout: 3_000 },
      expected,
    );
  } catch {
    // fall through: the caller's assertion shows what the tooltip said instead
  }
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.viewer-tooltip')].filter((tip) => tip.style.display !== 'none').map((tip) => tip.innerText).join(' | '));
}

/** The stroke colours of the route lines drawn on the SVG map, with their widths. */
export function mapRoutes(page: Page): Promise<{ stroke: string; width: number; opacity: number }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<SVGPathElement>('#map svg path[fill="none"]')].map((path) => ({
      stroke: path.getAttribute('stroke') ?? '',
      width: Number(path.getAttribute('stroke-width') ?? '1'),
      opacity: Number(path.getAttribute('stroke-opacity') ?? path.getAttribute('opacity') ?? '1'),
    })),
  );
}

const TYPE_LABEL: Record<string, string> = {
  drive: 'Drive', pickup: 'Pickup', delivery: 'Delivery', break: 'Break', wait: 'Wait', service: 'Walk-round check', yard_work: 'Yard work', hold: 'Hold',
};

/** One row per manifest, and one block per activity whose tooltip gives its type, times, leg and lorry. */
export async function expectManifestTimeline(page: Page, response: ManifestPlanResponse, timezone: string): Promise<void> {
  expect(await rowLabels(page)).to.deep.equal(response.manifests.map((manifest) => manifest.driver_id));
  let checked = 0;
  for (const [row, manifest] of response.manifests.entries()) {
    for (const activity of manifest.activities) {
      const centre = await blockCentre(page, row, Date.parse(activity.start), Date.parse(activity.end));
      expect(centre, `${manifest.driver_id} ${activity.type} ${activity.start} is on the chart`).to.not.equal(null);
      const expected = `${TYPE_LABEL[activity.type]} ${spanText(activity.start, activity.end, timezone)}`;
      const text = await hoverText(page, centre!, expected);
      expect(text, `${manifest.driver_id} ${activity.type} at ${activity.start}`).to.include(expected);
      if (activity.movement_id != null) expect(text).to.include(activity.movement_id);
      if (activity.lorry_id != null) expect(text).to.include(activity.lorry_id);
      checked += 1;
    }
  }
  expect(await page.evaluate(() => window.planViewer!.view.blocks.length)).to.equal(checked);
}

/** Every leg left out, in the answer's order, with its code and the catalogue's text for it. */
export async function expectUnplannedTable(page: Page, response: ManifestPlanResponse): Promise<{ movement: string; code: string; cells: string[] }[]> {
  const rows = await page.$$eval('table.unplanned tbody tr', (rows) =>
    rows.map((row) => ({ movement: (row as HTMLElement).dataset.movement!, code: (row as HTMLElement).dataset.reason!, cells: [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '') })),
  );
  expect(rows.map((row) => row.movement)).to.deep.equal(response.unplanned_movements.map((entry) => entry.movement_id));
  for (const [index, entry] of response.unplanned_movements.entries()) {
    expect(rows[index]!.code).to.equal(entry.reason_code);
    expect(rows[index]!.cells[2]).to.include(entry.reason_code);
    expect(rows[index]!.cells[3]).to.equal(REASON_CATALOGUE[entry.reason_code as ReasonCode].meaning);
  }
  return rows;
}

/** A route on the map in the colour of each driver who drives. */
export async function expectRoutePerDriver(page: Page, response: ManifestPlanResponse): Promise<string[]> {
  const colours = await page.evaluate(() => window.planViewer!.view.rows.map((row) => row.colour));
  const strokes = (await mapRoutes(page)).map((route) => route.stroke);
  for (const [row, manifest] of response.manifests.entries()) {
    if (manifest.activities.some((activity) => activity.type === 'drive')) expect(strokes, manifest.driver_id).to.include(colours[row]);
  }
  return colours;
}
