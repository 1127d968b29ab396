import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CREATE_BUCKET_FORM as D,
  createBucketReducer as reduce,
  isCreateBucketFormValid as valid,
  toCreateBucketRequest as toRequest,
} from './create-bucket-form.js';
import type { CreateBucketAction, CreateBucketForm } from './create-bucket-form.js';

const apply = (...actions: CreateBucketAction[]): CreateBucketForm => actions.reduce(reduce, D);

describe('Create Bucket defaults (spec 1 §9)', () => {
  it('starts with versioning and locking off, hard quota of 1 TiB, compliance retention of 1 day', () => {
    expect(D).toMatchObject({
      versioning: false,
      locking: false,
      quotaType: 'hard',
      quotaSize: '1',
      quotaUnit: 'TiB',
      retentionMode: 'compliance',
      retentionUnit: 'days',
      retentionValidity: '1',
    });
  });
});

describe('Create Bucket transitions (spec 1 §4)', () => {
  it('retention is only offered with versioning on', () => {
    expect(apply({ type: 'retentionEnabled', value: true }).retentionEnabled).toBe(false);
    expect(
      apply({ type: 'versioning', value: true }, { type: 'retentionEnabled', value: true }).retentionEnabled,
    ).toBe(true);
  });

  it('turning retention on forces locking on, and locking cannot be turned off meanwhile', () => {
    const form = apply({ type: 'versioning', value: true }, { type: 'retentionEnabled', value: true });
    expect(form.locking).toBe(true);
    expect(reduce(form, { type: 'locking', value: false }).locking).toBe(true);
  });

  it('turning retention off resets its values', () => {
    const form = apply(
      { type: 'versioning', value: true },
      { type: 'retentionEnabled', value: true },
      { type: 'details', value: { retentionMode: 'governance' } },
      { type: 'details', value: { retentionUnit: 'years' } },
      { type: 'details', value: { retentionValidity: '7' } },
      { type: 'retentionEnabled', value: false },
    );
    expect(form).toMatchObject({
      retentionEnabled: false,
      retentionMode: 'compliance',
      retentionUnit: 'days',
      retentionValidity: '1',
    });
  });

  it('turning versioning off turns retention off and resets its values', () => {
    const form = apply(
      { type: 'versioning', value: true },
      { type: 'retentionEnabled', value: true },
      { type: 'details', value: { retentionValidity: '9' } },
      { type: 'versioning', value: false },
    );
    expect(form).toMatchObject({ versioning: false, retentionEnabled: false, retentionValidity: '1' });
  });

  it('Clear goes back to the defaults', () => {
    expect(
      apply({ type: 'name', value: 'x' }, { type: 'quotaEnabled', value: true }, { type: 'clear' }),
    ).toEqual(D);
  });
});

describe('Create Bucket validation (spec 1 §5)', () => {
  it('needs a non-blank name, settled after the debounce', () => {
    const named = apply({ type: 'name', value: 'photos' });
    expect(valid(named, 'photos', true)).toBe(true);
    expect(valid(named, 'phot', true)).toBe(false);
    expect(valid(apply({ type: 'name', value: '   ' }), '   ', true)).toBe(false);
  });

  it('needs a name that keeps the bucket naming rules', () => {
    for (const bad of ['ab', 'My-Bucket', 'my..bucket', '10.0.0.1', '-bucket']) {
      expect(valid(apply({ type: 'name', value: bad }), bad, true), bad).toBe(false);
    }
  });

  it('needs a quota size of at least 1 when quota is on', () => {
    const base = apply({ type: 'name', value: 'bkt' }, { type: 'quotaEnabled', value: true });
    expect(valid(base, 'bkt', true)).toBe(true);
    expect(valid(reduce(base, { type: 'details', value: { quotaSize: '' } }), 'bkt', true)).toBe(false);
    expect(valid(reduce(base, { type: 'details', value: { quotaSize: '0' } }), 'bkt', true)).toBe(false);
  });

  it('needs a retention validity of at least 1 when retention is on', () => {
    const base = apply(
      { type: 'name', value: 'bkt' },
      { type: 'versioning', value: true },
      { type: 'retentionEnabled', value: true },
    );
    expect(valid(base, 'bkt', true)).toBe(true);
    expect(valid(reduce(base, { type: 'details', value: { retentionValidity: '0' } }), 'bkt', true)).toBe(
      false,
    );
    expect(valid(reduce(base, { type: 'details', value: { retentionValidity: 'abc' } }), 'bkt', true)).toBe(
      false,
    );
  });
});

describe('Create Bucket payload (spec 1 §3, §4)', () => {
  it('sends quota in bytes and retention when on', () => {
    const form = apply(
      { type: 'name', value: ' b ' },
      { type: 'versioning', value: true },
      { type: 'quotaEnabled', value: true },
      { type: 'details', value: { quotaType: 'fifo' } },
      { type: 'details', value: { quotaSize: '2' } },
      { type: 'details', value: { quotaUnit: 'GiB' } },
      { type: 'retentionEnabled', value: true },
      { type: 'details', value: { retentionValidity: '3' } },
    );
    expect(toRequest(form, true)).toEqual({
      name: 'b',
      versioning: true,
      locking: true,
      quota: { enabled: true, quota_type: 'fifo', amount: 2 * 1024 ** 3 },
      retention: { mode: 'compliance', unit: 'days', validity: 3 },
    });
  });

  it('sends versioning, locking and retention as false/absent in non-erasure-coded mode', () => {
    const form = apply(
      { type: 'name', value: 'b' },
      { type: 'versioning', value: true },
      { type: 'locking', value: true },
      { type: 'quotaEnabled', value: true },
      { type: 'retentionEnabled', value: true },
    );
    expect(toRequest(form, false)).toEqual({ name: 'b', versioning: false, locking: false });
  });
});
