/**
 * Which stored bytes a plaintext read needs. An encrypted object is one stream (single PUT) or one
 * stream per part; a plaintext range maps to a contiguous stored range from the first package it
 * touches to the last, across parts. When that range starts inside a stream (not at its header),
 * the stream's salt is read separately (`saltAt`).
 */
import { packageCount, packageOffset, sealedPackageLength, type PackageFormat } from './package-format.js';
import type { StreamSlice } from './package-cipher.js';

/** One stored stream of an object: the single PUT (part number 0) or one part. */
export interface StoredStream {
  partNumber: number;
  plainSize: number;
  storedSize: number;
}

export interface ReadPlan {
  /** Stored byte range to read (inclusive); undefined reads the whole stored object. */
  stored?: { start: number; end: number };
  /** Stored offset of the first slice's header when the range does not include it. */
  saltAt?: number;
  slices: StreamSlice[];
  /** Plaintext bytes to drop from the first package, and how many to deliver. */
  skip: number;
  length: number;
}

/** Every package of every stream. */
export function wholePlan(streams: StoredStream[], format: PackageFormat): ReadPlan {
  const slices = streams.map((s) => ({
    partNumber: s.partNumber,
    plainSize: s.plainSize,
    first: 0,
    last: packageCount(s.plainSize, format) - 1,
  }));
  return { slices, skip: 0, length: streams.reduce((n, s) => n + s.plainSize, 0) };
}

/** The packages holding plaintext bytes `start..end` (inclusive, already within the object). */
export function rangePlan(
  streams: StoredStream[],
  start: number,
  end: number,
  format: PackageFormat,
): ReadPlan {
  const pkg = format.packageSize;
  const slices: StreamSlice[] = [];
  // Empty streams between two needed ones lie inside the stored range: their package is read too.
  let emptyBetween: StreamSlice[] = [];
  let plainAt = 0;
  let storedAt = 0;
  let storedStart = 0;
  let storedEnd = -1;
  let skip = 0;
  let saltAt: number | undefined;
  for (const s of streams) {
    const plainEnd = plainAt + s.plainSize - 1;
    if (s.plainSize === 0) {
      if (slices.length > 0 && plainAt <= end)
        emptyBetween.push({ partNumber: s.partNumber, plainSize: 0, first: 0, last: 0 });
    } else if (plainEnd >= start && plainAt <= end) {
      const localStart = Math.max(start, plainAt) - plainAt;
      const localEnd = Math.min(end, plainEnd) - plainAt;
      const first = Math.floor(localStart / pkg);
      const last = Math.floor(localEnd / pkg);
      if (slices.length === 0) {
        skip = localStart - first * pkg;
        if (first === 0) storedStart = storedAt;
        else {
          storedStart = storedAt + packageOffset(first, format);
          saltAt = storedAt;
        }
      }
      slices.push(...emptyBetween);
      emptyBetween = [];
      slices.push({ partNumber: s.partNumber, plainSize: s.plainSize, first, last });
      storedEnd = storedAt + packageOffset(last, format) + sealedPackageLength(s.plainSize, last, format) - 1;
    }
    plainAt += s.plainSize;
    storedAt += s.storedSize;
  }
  const plan: ReadPlan = {
    stored: { start: storedStart, end: storedEnd },
    slices,
    skip,
    length: end - start + 1,
  };
  if (saltAt !== undefined) plan.saltAt = saltAt;
  return plan;
}
