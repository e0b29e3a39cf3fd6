/// <reference lib="dom" />
import type { BookingCheckResponse, ManifestPlanResponse } from '../../contract/index.ts';
import { BLOCK_COLOURS, BLOCK_LABELS, STATUS_COLOURS } from './colours.ts';
import { h } from './html.ts';
import { LEG_TYPE_TEXT, type LegView } from './legs.ts';
import { hoursMinutes } from './times.ts';
import type { Block, BlockKind, PlanView } from './view-model.ts';

const STATUS_TEXT = { feasible: 'Feasible', infeasible_proven: 'Infeasible (proven)', unknown: 'Unknown' } as const;

function chip(label: string, value: string, attributes: Record<string, string> = {}) {
  return h('div', { class: 'chip', ...attributes }, h('span', { class: 'chip-value' }, value), h('span', { class: 'chip-label' }, label));
}

/** The headline numbers of the answer. */
export function summaryPanel(view: PlanView, response: ManifestPlanResponse | BookingCheckResponse | null): HTMLElement {
  const period = `${view.clock.dayTime(view.periodStart)} – ${view.clock.dayTime(view.periodEnd)} (${view.clock.timezone})`;
  const chips: HTMLElement[] = [];
  if (view.kind === 'manifest') {
    const unplanned = view.unplanned.length;
    chips.push(
      chip('drivers with work', `${view.rows.length}`, { 'data-summary': 'drivers' }),
      chip('legs planned', `${view.legCount - unplanned} of ${view.legCount}`, { 'data-summary': 'planned' }),
      chip('left out', `${unplanned}`, { 'data-summary': 'unplanned', class: unplanned > 0 ? 'chip chip-warn' : 'chip' }),
    );
  }
  if (view.booking !== null) {
    chips.push(chip('booking check', STATUS_TEXT[view.booking.status], { 'data-summary': 'status', class: `chip status-${view.booking.status}` }));
  }
  const evidence = response?.evidence;
  if (evidence !== undefined) {
    chips.push(chip('validator', evidence.validation), chip('solver', `${evidence.planning_engine.solver ?? evidence.planning_engine.strategy}, ${(evidence.planning_engine.solve_ms / 1000).toFixed(1)} s`));
  }
  if (view.warnings.length > 0) chips.push(chip('warnings', `${view.warnings.length}`, { class: 'chip chip-warn' }));
  return h('section', { class: 'summary' }, h('div', { class: 'period' }, period), h('div', { class: 'chips' }, chips));
}

export function legendPanel(view: PlanView): HTMLElement {
  const kinds = new Set<BlockKind>(view.blocks.map((block) => block.kind));
  const items = (Object.keys(BLOCK_LABELS) as BlockKind[])
    .filter((kind) => kinds.has(kind))
    .map((kind) => {
      const colour = kind === 'requested' && view.booking !== null ? STATUS_COLOURS[view.booking.status] : BLOCK_COLOURS[kind];
      return h('span', { class: 'legend-item' }, h('span', { class: 'swatch', style: `background:${colour}` }), BLOCK_LABELS[kind]);
    });
  items.push(h('span', { class: 'legend-item' }, h('span', { class: 'swatch swatch-available' }), 'available'));
  if (view.rows.some((row) => row.counters.length > 0)) items.push(h('span', { class: 'legend-item legend-note' }, 'after each duty: driving that day / weekly driving, against their limits (h:mm)'));
  return h('div', { class: 'legend' }, items);
}

/** One line per driver with a manifest: click to highlight the row and the route. */
export function driverList(view: PlanView, onSelect: (row: number) => void): HTMLElement {
  const blocksOfRow = new Map<number, Block[]>();
  for (const block of view.blocks) {
    const blocks = blocksOfRow.get(block.row);
    if (blocks === undefined) blocksOfRow.set(block.row, [block]);
    else blocks.push(block);
  }
  const items = view.rows.flatMap((row, index) => {
    if (row.driverId === null) return [];
    const blocks = blocksOfRow.get(index) ?? [];
    const driving = blocks.filter((block) => block.kind === 'drive').reduce((sum, block) => sum + (block.end - block.start) / 60_000, 0);
    const legs = new Set(blocks.map((block) => block.activity?.movement_id).filter((id) => id != null));
    const last = row.counters.at(-1);
    const button = h(
      'button',
      { class: 'driver', type: 'button', 'data-driver': row.driverId, 'data-row': String(index) },
      h('span', { class: 'swatch', style: `background:${row.colour}` }),
      h('span', { class: 'driver-name' }, row.driverId),
      h('span', { class: 'driver-detail' }, view.kind === 'manifest' ? `${row.detail} · ${legs.size} legs · ${hoursMinutes(driving)} h driving` : row.detail),
      last === undefined ? null : h('span', { class: 'driver-detail' }, `week ${hoursMinutes(last.weeklyDriving)} of ${hoursMinutes(last.weeklyLimit)} h`),
    );
    button.addEventListener('click', () => onSelect(index));
    return [h('li', {}, button)];
  });
  const idle = view.idleDrivers.length === 0 ? null : h('p', { class: 'note' }, `No work for ${view.idleDrivers.join(', ')}.`);
  return h('div', {}, h('ul', { class: 'drivers' }, items), idle);
}

function legPlaces(view: PlanView, leg: LegView | null): string {
  if (leg === null) return '–';
  const name = (id: string | null) => (id === null ? '(an empty Nugget)' : (view.places.get(id)?.name ?? id));
  return leg.type === 'collect_empty' ? `${name(leg.from)}` : `${name(leg.from)} → ${name(leg.to)}`;
}

function legWindows(view: PlanView, leg: LegView | null): string {
  return leg === null ? '–' : leg.windows.map((window) => `${window.label} ${view.clock.span(window.start, window.end)}`).join('; ');
}

/** The legs the plan left out, each with its reason code, the catalogue's text and what blocked it. */
export function unplannedTable(view: PlanView): HTMLElement {
  if (view.unplanned.length === 0) return h('p', { class: 'note', 'data-unplanned': 'none' }, 'Every leg of the snapshot is planned.');
  const rows = view.unplanned.map((entry) =>
    h(
      'tr',
      { 'data-movement': entry.movementId, 'data-reason': entry.code },
      h('td', {}, h('b', {}, entry.movementId), entry.bookingId === null ? null : h('div', { class: 'muted' }, `booking ${entry.bookingId}`)),
      h('td', {}, entry.leg === null ? '–' : LEG_TYPE_TEXT[entry.leg.type], h('div', { class: 'muted' }, legPlaces(view, entry.leg)), h('div', { class: 'muted' }, legWindows(view, entry.leg))),
      h('td', {}, h('code', { class: `reason reason-${entry.kind}` }, entry.code), h('div', { class: 'muted' }, entry.kind === 'precheck' ? 'proof: never plannable' : entry.kind === 'conflict' ? 'proof: no plan serves more legs' : entry.kind === 'solver' ? 'left out by the search' : entry.kind)),
      h('td', { class: 'meaning' }, entry.meaning),
      h('td', {}, entry.specifics === '' ? '–' : entry.specifics),
      h('td', { class: 'blocking' }, entry.blocking.length === 0 ? '–' : entry.blocking.join(', ')),
    ),
  );
  const head = h('tr', {}, ['Leg', 'What', 'Reason code', 'What the code means', 'Here', 'Blocking resource'].map((title) => h('th', {}, title)));
  return h('table', { class: 'unplanned' }, h('thead', {}, head), h('tbody', {}, rows));
}

/** A booking check's answer: status, reason, and the verified alternatives (each drawn on the timeline too). */
export function bookingPanel(view: PlanView, onShow: (start: number, end: number) => void): HTMLElement {
  const booking = view.booking!;
  const status = h('div', { class: `status status-${booking.status}`, 'data-status': booking.status }, STATUS_TEXT[booking.status]);
  const reason =
    booking.reasonCode === null
      ? h('p', {}, booking.requiresFullReplan ? 'Fits, but other legs have to move (requires a full replan).' : 'Fits into the plan of the accepted legs as it is.')
      : h(
          'div',
          { class: 'booking-reason' },
          h('code', { class: 'reason', 'data-reason': booking.reasonCode }, booking.reasonCode),
          h('p', { class: 'meaning' }, booking.meaning ?? ''),
          booking.reason === null || booking.reason === '' ? null : h('p', { class: 'specifics' }, h('span', { class: 'muted' }, 'Here: '), booking.reason),
          booking.blocking.length === 0 ? null : h('p', { class: 'specifics blocking' }, h('span', { class: 'muted' }, 'Blocking resource: '), booking.blocking.join(', ')),
        );
  const legs = h(
    'ul',
    { class: 'new-legs' },
    booking.newLegs.map((leg) => h('li', {}, h('b', {}, leg.id), ` ${LEG_TYPE_TEXT[leg.type]}: ${legPlaces(view, leg)}; ${legWindows(view, leg)}`)),
  );
  const alternatives =
    booking.alternatives.length === 0
      ? h('p', { class: 'note' }, 'No alternative windows offered.')
      : h(
          'table',
          { class: 'alternatives' },
          h('thead', {}, h('tr', {}, ['', 'Window', 'Each new leg', 'Plan'].map((title) => h('th', {}, title)))),
          h(
            'tbody',
            {},
            booking.alternatives.map((alternative) => {
              const row = h(
                'tr',
                { 'data-alternative': String(alternative.index + 1), tabindex: '0' },
                h('td', {}, h('b', {}, `Alternative ${alternative.index + 1}`)),
                h('td', {}, view.clock.span(alternative.start, alternative.end)),
                h('td', {}, alternative.legs.map((entry) => `${entry.movementId} ${view.clock.span(entry.start, entry.end)}`).join('; ') || '–'),
                h('td', {}, alternative.requiresFullReplan ? 'needs a full replan' : 'fits the plan as it is'),
              );
              row.addEventListener('click', () => onShow(alternative.start, alternative.end));
              return row;
            }),
          ),
        );
  return h('div', { class: 'booking' }, status, reason, h('h3', {}, 'New legs'), legs, h('h3', {}, 'Alternatives'), alternatives);
}

export function warningsPanel(view: PlanView): HTMLElement | null {
  if (view.warnings.length === 0) return null;
  return h(
    'ul',
    { class: 'warnings' },
    view.warnings.map((warning) =>
      h('li', {}, h('code', {}, warning.code), ` ${warning.message}`, warning.affected_ids.length === 0 ? null : h('span', { class: 'muted' }, ` (${warning.affected_ids.join(', ')})`)),
    ),
  );
}
