/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { ViewerData } from './documents.ts';
import { h } from './html.ts';
import { createMap, type MapHandle } from './map.ts';
import { bookingPanel, driverList, legendPanel, summaryPanel, unplannedTable, warningsPanel } from './panels.ts';
import { createTimeline, type TimelineHandle } from './timeline.ts';
import { buildPlanView, type PlanView } from './view-model.ts';

export interface RenderedPlan {
  view: PlanView;
  timeline: TimelineHandle;
  map: MapHandle;
  /** Resolves with the milliseconds from the documents to both charts drawn. */
  rendered: Promise<number>;
  dispose(): void;
}

const card = (title: string, ...children: (Node | null)[]) => h('section', { class: 'card' }, h('h2', {}, title), ...children);

/** The first operating day with work, from 30 minutes before its first activity to 30 minutes after its last. */
function workingSpan(view: PlanView, day: number): [number, number] {
  const { start, end } = view.days[day]!;
  const blocks = view.blocks.filter((block) => block.end > start && block.start < end);
  if (blocks.length === 0) return [Math.max(start, view.periodStart), Math.min(end, view.periodEnd)];
  const margin = 30 * 60_000;
  return [
    Math.max(view.periodStart, Math.min(...blocks.map((block) => block.start)) - margin),
    Math.min(view.periodEnd, Math.max(...blocks.map((block) => block.end)) + margin),
  ];
}

/** Draws the whole view of a snapshot and its answer into `container` (replacing what was there). */
export function renderPlan(container: HTMLElement, data: ViewerData): RenderedPlan {
  const began = performance.now();
  const view = buildPlanView(data);
  container.replaceChildren();

  let selected: number | null = null;
  const select = (row: number) => {
    selected = selected === row ? null : row;
    timeline.select(selected);
    map.select(selected);
    for (const button of container.querySelectorAll<HTMLElement>('.driver')) button.classList.toggle('selected', button.dataset.row === String(selected));
  };

  container.append(summaryPanel(view, data.response));
  const bookingCard = view.booking === null ? null : card('Booking check', bookingPanel(view, (start, end) => timeline.showRange(start - 3_600_000, end + 3_600_000)));
  if (bookingCard !== null) container.append(bookingCard);

  const timelineElement = h('div', { class: 'timeline', id: 'timeline' });
  const dayButtons = h('div', { class: 'days' });
  container.append(card('Timeline', h('div', { class: 'card-tools' }, legendPanel(view), dayButtons), timelineElement));

  const mapElement = h('div', { class: 'map', id: 'map' });
  const drivers = driverList(view, select);
  container.append(card(view.kind === 'manifest' ? 'Map of the day' : 'Places', h('div', { class: 'map-layout' }, mapElement, h('div', { class: 'driver-panel' }, drivers))));

  if (view.kind === 'manifest') container.append(card(`Left out (${view.unplanned.length})`, unplannedTable(view)));
  const warnings = warningsPanel(view);
  if (warnings !== null) container.append(card('Warnings', warnings));

  const timeline = createTimeline(timelineElement, view, select);
  const map = createMap(mapElement, view, select);
  const showDay = (day: number) => {
    const [start, end] = workingSpan(view, day);
    timeline.showRange(start, end);
    map.showDay(day);
    for (const button of dayButtons.querySelectorAll<HTMLElement>('button')) button.classList.toggle('selected', button.dataset.day === String(day));
  };
  view.days.forEach((day, index) => {
    const button = h('button', { type: 'button', 'data-day': String(index) }, view.clock.day(day.start));
    button.addEventListener('click', () => showDay(index));
    dayButtons.append(button);
  });
  const firstDay = Math.max(0, view.days.findIndex((day) => view.blocks.some((block) => block.start < day.end && block.end > day.start)));
  if (view.blocks.length > 0) showDay(firstDay);

  const rendered = Promise.all([timeline.finished, map.finished]).then(() => performance.now() - began);
  return {
    view,
    timeline,
    map,
    rendered,
    dispose() {
      timeline.chart.dispose();
      map.chart.dispose();
    },
  };
}
