/**
 * The dashboard's layout (spec 2 §3 "Stored locally: dashboard layout (encoded)", §9): which widget
 * comes where and how many of the grid's 8 columns it spans, kept in the browser's local storage
 * as base64 of its JSON. Widgets the server adds later go at the end with their default width;
 * ones it no longer offers are dropped; an unreadable stored value is ignored.
 */
import type { Widget } from '@coffer/contract';

export const GRID_COLUMNS = 8;
export const LAYOUT_STORAGE_KEY = 'coffer.dashboardLayout';

export interface LayoutItem {
  id: number;
  /** Columns spanned, 1..8. */
  w: number;
}

/** Default spans: a single figure is narrow, charts take half the grid. */
export function defaultWidth(widget: Widget): number {
  return widget.type === 'singleValue' || widget.type === 'singleRep' ? 2 : 4;
}

function decode(text: string | null): LayoutItem[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(atob(text));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (i): i is LayoutItem =>
        typeof i === 'object' &&
        i !== null &&
        Number.isInteger((i as LayoutItem).id) &&
        Number.isInteger((i as LayoutItem).w),
    );
  } catch {
    return [];
  }
}

export function encodeLayout(items: readonly LayoutItem[]): string {
  return btoa(JSON.stringify(items.map(({ id, w }) => ({ id, w }))));
}

const clampWidth = (w: number) => Math.min(GRID_COLUMNS, Math.max(1, w));

/** The stored layout fitted to the widgets on offer, in display order. */
export function readLayout(storage: Storage, widgets: readonly Widget[]): LayoutItem[] {
  const offered = new Map(widgets.map((w) => [w.id, w]));
  const stored = decode(storage.getItem(LAYOUT_STORAGE_KEY)).filter((i) => offered.has(i.id));
  const seen = new Set(stored.map((i) => i.id));
  return [
    ...stored.map((i) => ({ id: i.id, w: clampWidth(i.w) })),
    ...widgets.filter((w) => !seen.has(w.id)).map((w) => ({ id: w.id, w: defaultWidth(w) })),
  ];
}

export function storeLayout(storage: Storage, items: readonly LayoutItem[]): void {
  try {
    storage.setItem(LAYOUT_STORAGE_KEY, encodeLayout(items));
  } catch {
    // Storage full or disabled: the layout simply is not kept.
  }
}

/** `id` one place earlier among the widgets of `visible` (the current tab's). */
export function moveEarlier(
  items: readonly LayoutItem[],
  id: number,
  visible: ReadonlySet<number>,
): LayoutItem[] {
  const index = items.findIndex((i) => i.id === id);
  let before = index - 1;
  while (before >= 0 && !visible.has(items[before]?.id ?? -1)) before--;
  if (index < 0 || before < 0) return [...items];
  const next = [...items];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(before, 0, moved);
  return next;
}

export function resize(items: readonly LayoutItem[], id: number, delta: number): LayoutItem[] {
  return items.map((i) => (i.id === id ? { ...i, w: clampWidth(i.w + delta) } : i));
}
