/** Kubernetes resource quantities (`1Gi`, `500M`, `1073741824`, `1.5Ti`) as byte counts. */
const BINARY: Record<string, number> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};
const DECIMAL: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18, m: 1e-3 };

/** Bytes of a quantity, or undefined when it is not one. */
export function quantityBytes(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(Ki|Mi|Gi|Ti|Pi|Ei|[kMGTPEm]|[eE][+-]?\d+)?$/.exec(value.trim());
  if (m === null) return undefined;
  const n = Number(m[1]);
  const suffix = m[2] ?? '';
  if (/^[eE]/.test(suffix)) return n * 10 ** Number(suffix.slice(1));
  const factor = BINARY[suffix] ?? DECIMAL[suffix];
  return factor === undefined ? undefined : Math.round(n * factor);
}
