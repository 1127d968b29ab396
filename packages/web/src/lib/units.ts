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
