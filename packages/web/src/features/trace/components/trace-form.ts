/**
 * The Trace page's pure rules (spec 2 §4 Trace, §5, §9): which call kinds are traced ('All'
 * overrides the rest; S3 only by default), the threshold (a number of milliseconds, at least 0),
 * and the socket's query built from the form.
 */

import type { TraceQuery } from '@coffer/contract/client';

/** The call kinds the page offers, besides 'All'. */
export const CALL_KINDS = ['s3', 'internal', 'storage', 'os'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

export interface TraceForm {
  all: boolean;
  calls: readonly CallKind[];
  /** As typed; checked by `thresholdProblem`. */
  threshold: string;
  onlyErrors: boolean;
  statusCode: string;
  method: string;
  funcname: string;
  path: string;
}

export const DEFAULT_TRACE_FORM: TraceForm = {
  all: false,
  calls: ['s3'],
  threshold: '0',
  onlyErrors: false,
  statusCode: '',
  method: '',
  funcname: '',
  path: '',
};

/** The catalogue key of what is wrong with the threshold, or undefined. */
export function thresholdProblem(threshold: string): 'thresholdNumber' | undefined {
  const text = threshold.trim();
  if (text === '') return undefined;
  return /^\d+$/.test(text) ? undefined : 'thresholdNumber';
}

/** Nothing to trace: no kind chosen and not 'All'. */
export function nothingChosen(form: TraceForm): boolean {
  return !form.all && form.calls.length === 0;
}

/** The `/ws/trace` query (spec 2 §7) of a valid form. */
export function traceQuery(form: TraceForm): TraceQuery {
  return {
    calls: form.all ? 'all' : form.calls.join(','),
    threshold: form.threshold.trim() === '' ? 0 : Number(form.threshold),
    onlyErrors: form.onlyErrors ? 'yes' : 'no',
    statusCode: form.statusCode.trim(),
    method: form.method.trim(),
    funcname: form.funcname.trim(),
    path: form.path.trim(),
  };
}

/** Nanoseconds as milliseconds with two decimals. */
export function durationMs(ns: number): number {
  return Math.round(ns / 1e4) / 100;
}
