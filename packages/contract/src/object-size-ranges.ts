/**
 * The object size ranges the dashboard shows (spec 2 §9: under 1024B, 1024B–1MB, 1–10MB, 10–64MB,
 * 64–128MB, 128–512MB, over 512MB), by MinIO's names of its size histogram ranges — without the
 * finer ones MinIO also reports inside 1024B–1MB. Free of zod: the browser orders its bars by it.
 */
export const OBJECT_SIZE_RANGES = [
  'LESS_THAN_1024_B',
  'BETWEEN_1024B_AND_1_MB',
  'BETWEEN_1_MB_AND_10_MB',
  'BETWEEN_10_MB_AND_64_MB',
  'BETWEEN_64_MB_AND_128_MB',
  'BETWEEN_128_MB_AND_512_MB',
  'GREATER_THAN_512_MB',
] as const;

export type ObjectSizeRange = (typeof OBJECT_SIZE_RANGES)[number];
