import { describe, expect, it } from 'vitest';
import {
  initialQuotaForm,
  initialRetentionForm,
  isQuotaFormValid,
  isValidQuotaSize,
  isValidRetentionValidity,
  toBucketRetention,
  toSetBucketQuotaRequest,
} from './bucket-settings-form.js';

describe('quota form', () => {
  it('starts from the bucket quota in the largest even unit, else switched off with hard, 1 TiB', () => {
    expect(initialQuotaForm({ enabled: true, quota: 10 * 1024 ** 2, type: 'fifo' })).toEqual({
      enabled: true,
      quotaType: 'fifo',
      quotaSize: '10',
      quotaUnit: 'MiB',
    });
    const off = { enabled: false, quotaType: 'hard', quotaSize: '1', quotaUnit: 'TiB' };
    expect(initialQuotaForm({ enabled: false, quota: 0, type: 'hard' })).toEqual(off);
    expect(initialQuotaForm(undefined)).toEqual(off);
  });

  it('needs a size of at least 1 in whole bytes only while enabled', () => {
    expect(isValidQuotaSize('1', 'B')).toBe(true);
    expect(isValidQuotaSize('0.5', 'KiB')).toBe(false);
    expect(isValidQuotaSize('1.5', 'KiB')).toBe(true);
    expect(isValidQuotaSize('1.5', 'B')).toBe(false);
    expect(isValidQuotaSize(' ', 'GiB')).toBe(false);
    expect(isQuotaFormValid({ enabled: false, quotaType: 'hard', quotaSize: '', quotaUnit: 'B' })).toBe(true);
    expect(isQuotaFormValid({ enabled: true, quotaType: 'hard', quotaSize: '', quotaUnit: 'B' })).toBe(false);
  });

  it('sends bytes when enabled, nothing to keep when disabled', () => {
    expect(
      toSetBucketQuotaRequest({ enabled: true, quotaType: 'fifo', quotaSize: '1.5', quotaUnit: 'KiB' }),
    ).toEqual({ enabled: true, amount: 1536, quota_type: 'fifo' });
    expect(
      toSetBucketQuotaRequest({ enabled: false, quotaType: 'hard', quotaSize: '7', quotaUnit: 'GiB' }),
    ).toEqual({ enabled: false, amount: 0, quota_type: 'hard' });
  });
});

describe('retention form', () => {
  it('starts from the default retention, else compliance, 1 day', () => {
    expect(initialRetentionForm({ mode: 'governance', unit: 'years', validity: 4 })).toEqual({
      retentionMode: 'governance',
      retentionValidity: '4',
      retentionUnit: 'years',
    });
    expect(initialRetentionForm({})).toEqual({
      retentionMode: 'compliance',
      retentionValidity: '1',
      retentionUnit: 'days',
    });
  });

  it('takes a whole validity of at least 1 and sends it as a number', () => {
    expect(['1', '30', '100'].every(isValidRetentionValidity)).toBe(true);
    expect(['0', '1.5', '', 'x', '-3'].some(isValidRetentionValidity)).toBe(false);
    expect(
      toBucketRetention({ retentionMode: 'compliance', retentionValidity: '30', retentionUnit: 'days' }),
    ).toEqual({ mode: 'compliance', unit: 'days', validity: 30 });
  });
});
