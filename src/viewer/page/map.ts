/// <reference lib="dom" />
import type { EChartsOption } from 'echarts';
import { echarts, type ECharts } from './charts.ts';
import { STATUS_COLOURS } from './colours.ts';
import { escapeHtml } from './html.ts';
import type { PlaceView, PlanView, Route } from './view-model.ts';

export interface MapHandle {
  chart: ECharts;
  /** Resolves when the chart has first been drawn completely. */
  finished: Promise<void>;
  select(row: number | null): void;
  showDay(day: number): void;
}

const PLACE_STYLE: Record<string, { symbol: string; size: number; colour: string }> = {
  warehouse: { symbol: 'rect', size: 13, colour: '#0f172a' },
  handover_point: { symbol: 'diamond', size: 10, colour: '#7c3aed' },
  customer_property: { symbol: 'circle', size: 6, colour: '#94a3b8' },
};

/**
 * The places and each driver's route of one operating day, in a plain equirectangular
 * projection (longitude scaled by the cosine of the mean latitude, so distances look right
 * at this scale) on hidden value axes: no map tiles, nothing fetched.
 */
export function createMap(element: HTMLElement, view: PlanView, onSelect: (row: number) => void): MapHandle {
  const chart = echarts.init(element, null, { renderer: 'svg' });
  const places = [...view.places.values()];
  const meanLatitude = places.reduce((sum, place) => sum + place.latitude, 0) / Math.max(places.length, 1);
  const scale = Math.cos((meanLatitude * Math.PI) / 180);
  const project = (place: PlaceView): [number, number] => [place.longitude * scale, place.latitude];
  const projected = places.map(project);
  const bounds = {
    minX: Math.min(...projected.map((point) => point[0])),
    maxX: Math.max(...projected.map((point) => point[0])),
    minY: Math.min(...projected.map((point) => point[1])),
    maxY: Math.max(...projected.map((point) => point[1])),
  };
  const padding = 24;
  let selected: number | null = null;
  let day = 0;

  /** Axis ranges with one scale on both axes, so the map is not stretched to the box. */
  const axes = () => {
    const width = Math.max(element.clientWidth - 2 * padding, 1);
    const height = Math.max(element.clientHeight - 2 * padding, 1);
    const spanX = Math.max(bounds.maxX - bounds.minX, 1e-3) * 1.08;
    const spanY = Math.max(bounds.maxY - bounds.minY, 1e-3) * 1.08;
    const perPixel = Math.max(spanX / width, spanY / height);
    const centreX = (bounds.minX + bounds.maxX) / 2;
    const centreY = (bounds.minY + bounds.maxY) / 2;
    const axis = { type: 'value' as const, show: false, scale: true };
    return {
      xAxis: { ...axis, min: centreX - (perPixel * width) / 2, max: centreX + (perPixel * width) / 2 },
      yAxis: { ...axis, min: centreY - (perPixel * height) / 2, max: centreY + (perPixel * height) / 2 },
    };
  };

  const routeData = () =>
    view.routes
      .filter((route) => route.day === day)
      .sort((a, b) => Number(a.row === selected) - Number(b.row === selected)) // the selected route on top
      .map((route) => ({
        name: route.driverId,
        coords: route.places.map(project),
        route,
        lineStyle: {
          color: route.colour,
          width: route.row === selected ? 5 : 2.5,
          opacity: selected === null || route.row === selected ? 0.9 : 0.12,
        },
      }));

  const placeData = places.map((place, index) => {
    const style = PLACE_STYLE[place.type] ?? PLACE_STYLE.customer_property!;
    return {
      value: projected[index]!,
      name: place.name,
      place,
      symbol: style.symbol,
      symbolSize: style.size,
      itemStyle: { color: style.colour, borderColor: '#ffffff', borderWidth: 1 },
      label: { show: place.type === 'warehouse', formatter: place.name, position: 'right' as const, fontSize: 11, fontWeight: 600, color: '#0f172a' },
    };
  });

  // A booking check's new legs: their places ringed and joined in the status colour.
  const bookingColour = view.booking === null ? '' : STATUS_COLOURS[view.booking.status];
  const newLegs = (view.booking?.newLegs ?? []).map((leg) => ({ leg, places: [leg.from, leg.to].flatMap((id) => (id === null ? [] : [view.places.get(id)!].filter(Boolean))) }));
  const bookingSeries: NonNullable<EChartsOption['series']> = newLegs.length === 0 ? [] : [
    {
      id: 'new-legs',
      type: 'lines',
      coordinateSystem: 'cartesian2d',
      polyline: true,
      silent: true,
      data: newLegs.filter((entry) => entry.places.length === 2).map((entry) => ({ coords: entry.places.map(project) })),
      lineStyle: { color: bookingColour, width: 2.5, type: 'dashed' },
      z: 3,
    },
    {
      id: 'new-leg-places',
      type: 'scatter',
      data: newLegs.flatMap((entry) => entry.places.map((place) => ({ value: project(place), name: entry.leg.id, place }))),
      symbolSize: 18,
      itemStyle: { color: 'rgba(0,0,0,0)', borderColor: bookingColour, borderWidth: 3 },
      label: { show: true, formatter: (params: { name: string }) => params.name, position: 'top', color: bookingColour, fontWeight: 700 },
      z: 4,
      tooltip: {
        formatter: (params) => {
          const data = (params as unknown as { data: { name: string; place: PlaceView } }).data;
          return `<b>${escapeHtml(data.name)}</b> (new leg)<div>${escapeHtml(data.place.name)} · <span class="tip-id">${escapeHtml(data.place.id)}</span></div>`;
        },
      },
    },
  ];

  const routeTooltip = (route: Route) =>
    `<div class="tip-title"><span class="tip-swatch" style="background:${route.colour}"></span><b>${escapeHtml(route.driverId)}</b> ${view.clock.day(view.days[route.day]!.start)}</div>` +
    `<div>${route.places.length} stops: ${route.places.map((place) => escapeHtml(place.name)).join(' → ')}</div>`;

  const option: EChartsOption = {
    animation: false,
    grid: { left: padding, right: padding, top: padding, bottom: padding },
    ...axes(),
    // wheel zooms both axes alike (the projection keeps its scale), dragging pans
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      { type: 'inside', yAxisIndex: 0, filterMode: 'none' },
    ],
    tooltip: { confine: true, transitionDuration: 0, className: 'viewer-tooltip', extraCssText: 'max-width: 380px; white-space: normal;' },
    series: [
      {
        id: 'routes',
        type: 'lines',
        coordinateSystem: 'cartesian2d',
        polyline: true,
        data: routeData(),
        z: 1,
        emphasis: { disabled: true },
        tooltip: { formatter: (params) => routeTooltip((params as unknown as { data: { route: Route } }).data.route) },
      },
      {
        id: 'places',
        type: 'scatter',
        data: placeData,
        z: 2,
        tooltip: {
          formatter: (params) => {
            const place = (params as unknown as { data: { place: PlaceView } }).data.place;
            return `<b>${escapeHtml(place.name)}</b><div>${escapeHtml(place.type.replace('_', ' '))} · <span class="tip-id">${escapeHtml(place.id)}</span></div>`;
          },
        },
      },
      ...bookingSeries,
    ],
  };
  const finished = new Promise<void>((resolve) => chart.on('finished', () => resolve()));
  chart.setOption(option);
  chart.on('click', (params) => {
    if (params.seriesId === 'routes') onSelect((params.data as { route: Route }).route.row);
  });
  new ResizeObserver(() => {
    chart.resize();
    chart.setOption(axes());
  }).observe(element);

  return {
    chart,
    finished,
    select(row) {
      selected = row;
      chart.setOption({ series: [{ id: 'routes', data: routeData() }] });
    },
    showDay(index) {
      day = index;
      chart.setOption({ series: [{ id: 'routes', data: routeData() }] });
    },
  };
}
