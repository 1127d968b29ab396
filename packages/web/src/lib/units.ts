/**
 * Binary size units, B to YiB with a factor of 1024 (spec 1 §9), and the human-readable size used
 * in tables.
 */
export const SIZE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

/** The number of bytes in `amount` of `unit`. */
export function toBytes(amount: number, unit: SizeUnit): number {
  return amount * 1024 ** SIZE_UNITS.indexOf(unit);
}

/**
 * `bytes` in the largest binary unit that divides it evenly (spec 1 §4, the quota shown and
 * prefilled): 5368709120 → 5 GiB, 1536 (1.5 KiB) → 1536 B,
 * 3072 → 3 KiB. Zero is 0 B.
 */
export function largestEvenUnit(bytes: number): { amount: number; unit: SizeUnit } {
  let index = 0;
  // Whole numbers only: above 2^53 a float still divides by powers of two exactly.
  while (bytes > 0 && index < SIZE_UNITS.length - 1 && bytes % 1024 ** (index + 1) === 0) index += 1;
  return { amount: bytes / 1024 ** index, unit: SIZE_UNITS[index] ?? 'B' };
}

/** The decimal separator of a locale ('.' in English, ',' in German). */
function decimalSeparator(locale: string): string {
  try {
    return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  } catch {
    return '.';
  }
}

/**
 * '0 B', '512 B', '1.5 KiB', '50 MiB': at most one decimal, trailing '.0' dropped; with a locale, its
 * decimal separator ('1,5 KiB' in German). The IEC unit symbols are the same in every language.
 */
export function formatBytes(bytes: number, locale?: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  let index = 0;
  let value = bytes;
  while (value >= 1024 && index < SIZE_UNITS.length - 1) {
    value /= 1024;
    index += 1;
  }
  const rounded = index === 0 ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  const localised = locale === undefined ? rounded : rounded.replace('.', decimalSeparator(locale));
  return `${localised} ${SIZE_UNITS[index] ?? 'B'}`;
}
