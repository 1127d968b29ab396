/**
 * The Heal page's pure parts (spec 2 §2 Heal page, §3 Heal progress message, §4 Heal): the
 * chart rows — per health colour, the items in that colour before and after healing as a
 * percentage of the items scanned — and the form's rule that Force Start and Force Stop exclude
 * each other.
 */

import type { StreamMessage, Streams } from '@coffer/contract/client';

/** Spec 2 §3's heal progress message, as the contract declares it. */
export type HealProgress = StreamMessage<Streams['heal']>;
export type HealColor = keyof HealProgress['healthBeforeCols'];

/** The chart's categories, in the spec's order. */
export const HEAL_COLORS: readonly HealColor[] = ['Green', 'Yellow', 'Red', 'Grey'];

export interface HealChartRow {
  color: HealColor;
  before: number;
  after: number;
}

const percent = (count: number, total: number): number =>
  total > 0 ? Math.round((count / total) * 1000) / 10 : 0;

/** One row per colour: percentages of the items scanned (0 before anything was scanned). */
export function chartRows(progress: HealProgress | undefined): HealChartRow[] {
  const total = progress?.itemsScanned ?? 0;
  return HEAL_COLORS.map((color) => ({
    color,
    before: percent(progress?.healthBeforeCols[color] ?? 0, total),
    after: percent(progress?.healthAfterCols[color] ?? 0, total),
  }));
}

export interface HealFlags {
  recursive: boolean;
  forceStart: boolean;
  forceStop: boolean;
}

/** Ticks or clears one flag; ticking Force Start clears Force Stop and the other way round. */
export function toggleFlag(flags: HealFlags, flag: keyof HealFlags, on: boolean): HealFlags {
  const next = { ...flags, [flag]: on };
  if (on && flag === 'forceStart') next.forceStop = false;
  if (on && flag === 'forceStop') next.forceStart = false;
  return next;
}
