/// <reference lib="dom" />
import type { CustomSeriesRenderItemAPI, CustomSeriesRenderItemParams, CustomSeriesRenderItemReturn, EChartsOption } from 'echarts';
import { echarts, type ECharts } from './charts.ts';
import { BLOCK_COLOURS, STATUS_COLOURS } from './colours.ts';
import { blockTooltip, countersTooltip } from './tooltips.ts';
import { hoursMinutes } from './times.ts';
import type { Block, PlanView } from './view-model.ts';

export const ROW_HEIGHT = 36;
/** More rows than this scroll (mouse wheel or the slider on the right) instead of growing the page. */
export const VISIBLE_ROWS = 18;
const GRID = { top: 34, bottom: 56, left: 150, right: 190 };

export interface TimelineHandle {
  chart: ECharts;
  /** Resolves when the chart has first been drawn completely. */
  finished: Promise<void>;
  select(row: number | null): void;
  /** Zooms the time axis to [start, end] (epoch ms). */
  showRange(start: number, end: number): void;
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Params = CustomSeriesRenderItemParams & { coordSys: Rect };

/**
 * One row per driver (booking checks add rows for the requested and alternative windows),
 * drawn by ECharts custom series on a canvas: availability shaded behind, activities as blocks
 * coloured by type, the drivers'-hours counters after the last activity of each duty.
 */
export function createTimeline(element: HTMLElement, view: PlanView, onSelect: (row: number) => void): TimelineHandle {
  const visibleRows = Math.min(view.rows.length, VISIBLE_ROWS);
  element.style.height = `${visibleRows * ROW_HEIGHT + GRID.top + GRID.bottom}px`;
  const chart = echarts.init(element, null, { renderer: 'canvas' });
  let selected: number | null = null;
  const statusColour = view.booking === null ? BLOCK_COLOURS.requested : STATUS_COLOURS[view.booking.status];

  const clip = (rect: Rect, params: Params) =>
    echarts.graphic.clipRectByRect(rect, { x: params.coordSys.x, y: params.coordSys.y, width: params.coordSys.width, height: params.coordSys.height });

  /** The pixel rectangle of [start, end] in a row, `share` of the row high, in lane `lane` of `lanes`. */
  const rowRect = (api: CustomSeriesRenderItemAPI, row: number, start: number, end: number, share: number, lane = 0, lanes = 1): Rect => {
    const from = api.coord([start, row]);
    const to = api.coord([end, row]);
    const band = (api.size!([0, 1]) as number[])[1]!;
    const height = (band * share) / lanes;
    const top = from[1]! - (band * share) / 2 + lane * height;
    return { x: from[0]!, y: top, width: Math.max(to[0]! - from[0]!, 2), height: Math.max(height - (lanes > 1 ? 2 : 0), 2) };
  };

  const dimmed = (row: number) => selected !== null && row !== selected;

  const renderAvailability = (params: CustomSeriesRenderItemParams, api: CustomSeriesRenderItemAPI): CustomSeriesRenderItemReturn => {
    const shape = clip(rowRect(api, api.value(0) as number, api.value(1) as number, api.value(2) as number, 0.92), params as Params);
    return shape && { type: 'rect', shape, style: { fill: '#dcfce7', opacity: dimmed(api.value(0) as number) ? 0.4 : 1 }, silent: true };
  };

  const renderBlock = (params: CustomSeriesRenderItemParams, api: CustomSeriesRenderItemAPI): CustomSeriesRenderItemReturn => {
    const block = view.blocks[api.value(3) as number]!;
    const booking = block.kind === 'requested' || block.kind === 'alternative';
    const shape = clip(rowRect(api, block.row, block.start, block.end, booking ? 0.8 : 0.6, block.lane, block.lanes), params as Params);
    if (shape === undefined) return null;
    const fill = block.kind === 'requested' ? statusColour : BLOCK_COLOURS[block.kind];
    return {
      type: 'rect',
      shape,
      style: { fill, opacity: dimmed(block.row) ? 0.2 : booking ? 0.75 : 1, stroke: '#ffffff', lineWidth: shape.width > 4 ? 0.6 : 0 },
    };
  };

  const renderCounters = (params: CustomSeriesRenderItemParams, api: CustomSeriesRenderItemAPI): CustomSeriesRenderItemReturn => {
    const row = api.value(0) as number;
    const counters = view.rows[row]!.counters[api.value(2) as number]!;
    const [x, y] = api.coord([counters.at, row]) as [number, number];
    const grid = (params as Params).coordSys;
    if (x < grid.x || x > grid.x + grid.width + GRID.right - 10) return null;
    const over = (value: number, limit: number) => (value > limit ? '#dc2626' : value >= 0.9 * limit ? '#b45309' : '#334155');
    const worst = Math.max(counters.dailyDriving / counters.dailyLimit, counters.weeklyDriving / counters.weeklyLimit);
    return {
      type: 'text',
      x: x + 6,
      y,
      style: {
        text: `day ${hoursMinutes(counters.dailyDriving)}/${hoursMinutes(counters.dailyLimit)} · wk ${hoursMinutes(counters.weeklyDriving)}/${hoursMinutes(counters.weeklyLimit)}`,
        fill: over(worst, 1),
        font: '11px system-ui, sans-serif',
        verticalAlign: 'middle',
        opacity: dimmed(row) ? 0.3 : 1,
      },
    };
  };

  const renderHighlight = (params: CustomSeriesRenderItemParams, api: CustomSeriesRenderItemAPI): CustomSeriesRenderItemReturn => {
    const grid = (params as Params).coordSys;
    const [, y] = api.coord([0, api.value(0) as number]) as [number, number];
    const band = (api.size!([0, 1]) as number[])[1]!;
    const shape = clip({ x: grid.x, y: y - band / 2, width: grid.width, height: band }, params as Params);
    return shape && { type: 'rect', shape, style: { fill: '#fef9c3' }, silent: true };
  };

  const availability = view.rows.flatMap((row, index) =>
    row.availability.map(([start, end]) => [index, Math.max(start, view.periodStart), Math.min(end, view.periodEnd)]).filter((entry) => entry[2]! > entry[1]!),
  );
  const blockData = view.blocks.map((block, index) => [block.row, block.start, block.end, index]);
  const counterData = view.rows.flatMap((row, index) => row.counters.map((counters, which) => [index, counters.at, which]));
  const rich: Record<string, object> = {
    name: { fontWeight: 600, fontSize: 12, color: '#0f172a', lineHeight: 15 },
    detail: { fontSize: 10, color: '#64748b', lineHeight: 13 },
  };
  view.rows.forEach((row, index) => {
    rich[`dot${index}`] = { color: row.colour, fontSize: 13, padding: [0, 4, 0, 0] };
  });
  const labelOf = new Map(view.rows.map((row, index) => [row.label, index]));
  const zoomY = view.rows.length > VISIBLE_ROWS;

  const option: EChartsOption = {
    animation: false,
    useUTC: true,
    textStyle: { fontFamily: 'system-ui, sans-serif' },
    grid: { ...GRID, right: GRID.right + (zoomY ? 24 : 0) },
    tooltip: { confine: true, enterable: false, transitionDuration: 0, className: 'viewer-tooltip', borderColor: '#cbd5e1', extraCssText: 'max-width: 420px; white-space: normal;' },
    xAxis: {
      type: 'time',
      position: 'top',
      min: view.periodStart,
      max: view.periodEnd,
      axisLabel: { formatter: (value: number) => view.clock.time(value), color: '#475569', hideOverlap: true },
      splitLine: { show: true, lineStyle: { color: '#e2e8f0' } },
      axisLine: { show: false },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: view.rows.map((row) => row.label),
      triggerEvent: true,
      axisTick: { show: false },
      axisLine: { show: false },
      splitLine: { show: true, lineStyle: { color: '#f1f5f9' } },
      axisLabel: {
        interval: 0,
        formatter: (label: string) => {
          const index = labelOf.get(label)!;
          return `{dot${index}|●}{name|${label}}\n{detail|${view.rows[index]!.detail}}`;
        },
        rich,
      },
    },
    dataZoom: [
      { type: 'slider', xAxisIndex: 0, filterMode: 'weakFilter', height: 18, bottom: 12, labelFormatter: (value: number) => view.clock.dayTime(value), showDataShadow: false },
      { type: 'inside', xAxisIndex: 0, filterMode: 'weakFilter', zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false, moveOnMouseMove: true },
      ...(zoomY
        ? [
            { type: 'slider' as const, yAxisIndex: 0, filterMode: 'weakFilter' as const, width: 14, right: 8, startValue: 0, endValue: VISIBLE_ROWS - 1, zoomLock: true, showDetail: false, showDataShadow: false },
            { type: 'inside' as const, yAxisIndex: 0, filterMode: 'weakFilter' as const, zoomOnMouseWheel: false, moveOnMouseWheel: true, moveOnMouseMove: false },
          ]
        : []),
    ],
    series: [
      { id: 'highlight', type: 'custom', renderItem: renderHighlight, data: [], encode: { y: 0 }, silent: true, z: 0 },
      { id: 'availability', type: 'custom', renderItem: renderAvailability, data: availability, encode: { x: [1, 2], y: 0 }, silent: true, z: 1 },
      {
        id: 'blocks',
        type: 'custom',
        renderItem: renderBlock,
        data: blockData,
        encode: { x: [1, 2], y: 0 },
        z: 2,
        tooltip: { formatter: (params) => blockTooltip(view, view.blocks[((params as { value: number[] }).value)[3]!] as Block) },
      },
      {
        id: 'counters',
        type: 'custom',
        renderItem: renderCounters,
        data: counterData,
        encode: { x: 1, y: 0 },
        clip: false,
        z: 3,
        tooltip: {
          formatter: (params) => {
            const [row, , which] = (params as { value: number[] }).value as [number, number, number];
            return countersTooltip(view, view.rows[row]!, view.rows[row]!.counters[which]!);
          },
        },
      },
    ],
  };
  const finished = new Promise<void>((resolve) => chart.on('finished', () => resolve()));
  chart.setOption(option);

  chart.on('click', (params) => {
    if (params.componentType === 'yAxis') {
      const row = labelOf.get(String((params as { value?: unknown }).value));
      if (row !== undefined) onSelect(row);
    } else if (params.seriesId === 'blocks') {
      onSelect(view.blocks[(params.value as number[])[3]!]!.row);
    }
  });
  new ResizeObserver(() => chart.resize()).observe(element);

  return {
    chart,
    finished,
    select(row) {
      selected = row;
      chart.setOption({ series: [{ id: 'highlight', data: row === null ? [] : [[row]] }, { id: 'availability', data: availability }, { id: 'blocks', data: blockData }, { id: 'counters', data: counterData }] });
      if (row !== null && zoomY) {
        const first = Math.max(0, Math.min(row - Math.floor(VISIBLE_ROWS / 2), view.rows.length - VISIBLE_ROWS));
        chart.dispatchAction({ type: 'dataZoom', dataZoomIndex: 2, startValue: first, endValue: first + VISIBLE_ROWS - 1 });
      }
    },
    showRange(start, end) {
      chart.dispatchAction({ type: 'dataZoom', dataZoomIndex: 0, startValue: start, endValue: end });
    },
  };
}
