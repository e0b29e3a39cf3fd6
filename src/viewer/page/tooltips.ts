import type { PlannedActivity } from '../../contract/index.ts';
import { BLOCK_COLOURS, BLOCK_LABELS } from './colours.ts';
import type { DutyCounters } from './counters.ts';
import { escapeHtml } from './html.ts';
import { LEG_TYPE_TEXT } from './legs.ts';
import { duration, hoursMinutes } from './times.ts';
import type { Block, PlanView, Row } from './view-model.ts';

const line = (label: string, value: string) => `<div><span class="tip-label">${label}</span> ${value}</div>`;

function placeText(view: PlanView, id: string | null | undefined): string {
  if (id == null) return 'en route';
  const place = view.places.get(id);
  return place === undefined || place.name === id ? escapeHtml(id) : `${escapeHtml(place.name)} <span class="tip-id">${escapeHtml(id)}</span>`;
}

function activityLines(view: PlanView, activity: PlannedActivity): string[] {
  const lines: string[] = [];
  if (activity.type === 'drive') lines.push(line('from', placeText(view, activity.from_location_id)), line('to', placeText(view, activity.to_location_id)));
  else lines.push(line('at', placeText(view, activity.location_id)));
  if (activity.movement_id != null) {
    const leg = view.legs.get(activity.movement_id);
    const booking = activity.booking_id ?? leg?.bookingId;
    lines.push(line('leg', `${escapeHtml(activity.movement_id)}${leg === undefined ? '' : ` (${LEG_TYPE_TEXT[leg.type]})`}${booking == null ? '' : ` · booking ${escapeHtml(booking)}`}`));
  }
  const nuggets = activity.nugget_ids ?? [];
  if (nuggets.length > 0) lines.push(line('Nuggets', escapeHtml(nuggets.length > 6 ? `${nuggets.slice(0, 6).join(', ')} and ${nuggets.length - 6} more` : nuggets.join(', '))));
  if (activity.lorry_id != null) lines.push(line('lorry', escapeHtml(activity.lorry_id)));
  return lines;
}

/** What a person reads on hovering a block: what, when, where, which legs. */
export function blockTooltip(view: PlanView, block: Block): string {
  const swatch = `<span class="tip-swatch" style="background:${BLOCK_COLOURS[block.kind]}"></span>`;
  const title = `${swatch}<b>${BLOCK_LABELS[block.kind]}</b> ${view.clock.span(block.start, block.end)} <span class="tip-id">(${duration((block.end - block.start) / 60_000)})</span>`;
  const lines = [`<div class="tip-title">${title}</div>`];
  if (block.activity !== undefined) lines.push(...activityLines(view, block.activity));
  if (block.leg !== undefined) {
    lines.push(line('leg', `${escapeHtml(block.leg.id)} (${LEG_TYPE_TEXT[block.leg.type]}), ${block.windowLabel ?? 'window'}`));
    if (block.leg.from !== null) lines.push(line('from', placeText(view, block.leg.from)));
    if (block.leg.to !== null) lines.push(line('to', placeText(view, block.leg.to)));
  }
  if (block.alternative !== undefined) {
    const alternative = view.booking!.alternatives[block.alternative]!;
    lines.push(line('alternative', `${block.alternative + 1}: ${view.clock.span(alternative.start, alternative.end)}, ${alternative.requiresFullReplan ? 'needs a full replan' : 'fits the plan as it is'}`));
  }
  return lines.join('');
}

export function countersTooltip(view: PlanView, row: Row, counters: DutyCounters): string {
  return [
    `<div class="tip-title"><b>${escapeHtml(row.label)}</b>: drivers' hours at ${view.clock.dayTime(counters.at)}</div>`,
    line('driving since the daily rest', `${hoursMinutes(counters.dailyDriving)} of ${hoursMinutes(counters.dailyLimit)} h`),
    line('driving this week', `${hoursMinutes(counters.weeklyDriving)} of ${hoursMinutes(counters.weeklyLimit)} h`),
  ].join('');
}
