/**
 * Kubernetes resource quantities (`100Gi`, `5G`, `3500m`, `1e3`) as numbers and back. Binary
 * suffixes are powers of 1024, decimal ones of 1000, `m` is a thousandth. Results beyond 2^53
 * (an unlimited quota) are clamped to Number.MAX_SAFE_INTEGER, as the contract says.
 */
const BINARY: Record<string, number> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
const DECIMAL: Record<string, number> = { k: 1, M: 2, G: 3, T: 4, P: 5, E: 6 };
const GI = 1024 ** 3;

/** The value of a quantity; NaN when it is not one. */
export function parseQuantity(q: string | number | undefined): number {
  if (q === undefined) return NaN;
  if (typeof q === 'number') return Math.min(q, Number.MAX_SAFE_INTEGER);
  const m = /^([+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E|m)?$/.exec(q.trim());
  if (!m) return NaN;
  const base = Number(m[1]);
  const suffix = m[2];
  let value = base;
  if (suffix === 'm') value = base / 1000;
  else if (suffix !== undefined && BINARY[suffix] !== undefined) value = base * 1024 ** BINARY[suffix];
  else if (suffix !== undefined && DECIMAL[suffix] !== undefined) value = base * 1000 ** DECIMAL[suffix];
  return Math.min(value, Number.MAX_SAFE_INTEGER);
}

/** Bytes as a quantity: whole Gi when they are, else plain bytes. */
export function bytesQuantity(bytes: number): string {
  if (bytes > 0 && bytes % GI === 0) return `${bytes / GI}Gi`;
  return String(Math.round(bytes));
}
