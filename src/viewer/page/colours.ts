import type { BlockKind } from './view-model.ts';

/**
 * Activity colours: driving in blue, handling Nuggets in greens and teal, rest in violet,
 * idle time in greys, so a day reads at a glance; booking windows in the status colours.
 */
export const BLOCK_COLOURS: Record<BlockKind, string> = {
  drive: '#3b82f6',
  pickup: '#16a34a',
  delivery: '#0d9488',
  break: '#8b5cf6',
  wait: '#a1a1aa',
  service: '#f59e0b',
  yard_work: '#a16207',
  hold: '#e11d48',
  requested: '#64748b',
  alternative: '#0ea5e9',
};

export const BLOCK_LABELS: Record<BlockKind, string> = {
  drive: 'Drive',
  pickup: 'Pickup',
  delivery: 'Delivery',
  break: 'Break',
  wait: 'Wait',
  service: 'Walk-round check',
  yard_work: 'Yard work',
  hold: 'Hold',
  requested: 'Requested window',
  alternative: 'Alternative window',
};

export const STATUS_COLOURS = { feasible: '#16a34a', infeasible_proven: '#dc2626', unknown: '#d97706' } as const;

/** Ten well-separated colours (Tableau 10), then evenly spread hues for larger fleets. */
const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

export function driverColour(index: number): string {
  if (index < PALETTE.length) return PALETTE[index]!;
  return hslToHex((index * 137.508) % 360, 0.62, index % 2 === 0 ? 0.42 : 0.55);
}

/** Hex, so that a colour reads the same in the chart, the lists and the SVG map. */
function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - chroma / 2 * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
