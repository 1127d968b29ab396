import { describe, expect, it } from 'vitest';
import { DEFAULT_TRACE_FORM, durationMs, nothingChosen, thresholdProblem, traceQuery } from './trace-form.js';

describe('trace form', () => {
  it('traces S3 only by default, with threshold 0 and errors off', () => {
    expect(traceQuery(DEFAULT_TRACE_FORM)).toEqual({
      calls: 's3',
      threshold: 0,
      onlyErrors: 'no',
      statusCode: '',
      method: '',
      funcname: '',
      path: '',
    });
  });

  it("'All' overrides the chosen kinds", () => {
    expect(traceQuery({ ...DEFAULT_TRACE_FORM, all: true, calls: ['s3', 'os'] }).calls).toBe('all');
    expect(traceQuery({ ...DEFAULT_TRACE_FORM, calls: ['s3', 'internal'] }).calls).toBe('s3,internal');
    expect(nothingChosen({ ...DEFAULT_TRACE_FORM, calls: [] })).toBe(true);
    expect(nothingChosen({ ...DEFAULT_TRACE_FORM, all: true, calls: [] })).toBe(false);
  });

  it('takes a threshold of whole milliseconds, at least 0', () => {
    expect(thresholdProblem('0')).toBeUndefined();
    expect(thresholdProblem('250')).toBeUndefined();
    expect(thresholdProblem('-1')).toBe('thresholdNumber');
    expect(thresholdProblem('1.5')).toBe('thresholdNumber');
    expect(thresholdProblem('abc')).toBe('thresholdNumber');
    expect(traceQuery({ ...DEFAULT_TRACE_FORM, threshold: '250', onlyErrors: true })).toMatchObject({
      threshold: 250,
      onlyErrors: 'yes',
    });
  });

  it('shows nanoseconds as milliseconds', () => {
    expect(durationMs(1_234_567)).toBe(1.23);
    expect(durationMs(0)).toBe(0);
  });
});
