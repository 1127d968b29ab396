import { describe, expect, it } from 'vitest';
import type { BucketObject } from '../../../../shared/api/types.js';
import { hasVersions, legalHoldValue, numberedVersions } from './details-view.js';
import {
  canSaveRetention,
  initialRetentionForm,
  retentionTypeLocked,
  toRetention,
} from './retention-form.js';
import { canSaveTag, overwritesTag, withTag, withoutTag } from './tag-form.js';

const plain: BucketObject = { name: 'a.txt', version_id: 'null' };
const governed: BucketObject = {
  name: 'a.txt',
  version_id: 'v-3',
  retention_mode: 'governance',
  retention_until_date: '2031-05-06T23:59:59.000Z',
  legal_hold_status: 'ON',
};

describe('retention form (spec 2 §4, §5, §9)', () => {
  it('starts off with nothing chosen for a version without retention; the type is free', () => {
    expect(initialRetentionForm(plain)).toEqual({ enabled: false, mode: '', date: '' });
    expect(retentionTypeLocked(plain)).toBe(false);
  });

  it('starts from the stored retention, and locks the type once a mode is set', () => {
    expect(initialRetentionForm(governed)).toEqual({ enabled: true, mode: 'governance', date: '2031-05-06' });
    expect(retentionTypeLocked(governed)).toBe(true);
  });

  it('disables Save when enabled without a type or a date, and while saving', () => {
    expect(canSaveRetention({ enabled: true, mode: '', date: '2031-01-01' }, false)).toBe(false);
    expect(canSaveRetention({ enabled: true, mode: 'compliance', date: '' }, false)).toBe(false);
    expect(canSaveRetention({ enabled: true, mode: 'compliance', date: '2031-01-01' }, true)).toBe(false);
    expect(canSaveRetention({ enabled: true, mode: 'compliance', date: '2031-01-01' }, false)).toBe(true);
    // Off needs nothing else: it removes the retention.
    expect(canSaveRetention({ enabled: false, mode: '', date: '' }, false)).toBe(true);
  });

  it('sends the date plus T23:59:59Z with the mode, or null (remove) when off', () => {
    expect(toRetention({ enabled: true, mode: 'governance', date: '2031-01-02' })).toEqual({
      mode: 'governance',
      expires: '2031-01-02T23:59:59Z',
    });
    expect(toRetention({ enabled: false, mode: 'governance', date: '2031-01-02' })).toBeNull();
  });
});

describe('tag rules (spec 2 §5)', () => {
  it('needs a key and a label, both non-blank', () => {
    expect(canSaveTag({ key: ' ', value: 'x' }, false)).toBe(false);
    expect(canSaveTag({ key: 'k', value: '  ' }, false)).toBe(false);
    expect(canSaveTag({ key: 'k', value: 'x' }, true)).toBe(false);
    expect(canSaveTag({ key: 'k', value: 'x' }, false)).toBe(true);
  });

  it('a new key overwrites the same key; delete removes only that key', () => {
    const tags = { project: 'apollo', stage: 'draft' };
    expect(overwritesTag(tags, { key: ' stage ', value: 'final' })).toBe(true);
    expect(withTag(tags, { key: ' stage ', value: ' final ' })).toEqual({
      project: 'apollo',
      stage: 'final',
    });
    expect(overwritesTag(tags, { key: 'owner', value: 'me' })).toBe(false);
    expect(withoutTag(tags, 'project')).toEqual({ stage: 'draft' });
  });
});

describe('details values (spec 2 §2)', () => {
  it("Legal Hold: 'disabled' without versioning, else the lowercase status or 'none'", () => {
    expect(legalHoldValue(governed, false)).toBe('disabled');
    expect(legalHoldValue(governed, true)).toBe('on');
    expect(legalHoldValue({ ...governed, legal_hold_status: 'OFF' }, true)).toBe('off');
    expect(legalHoldValue(plain, true)).toBe('none');
  });

  it("Versions only for a version id other than 'null'", () => {
    expect(hasVersions(plain)).toBe(false);
    expect(hasVersions({ name: 'a.txt' })).toBe(false);
    expect(hasVersions(governed)).toBe(true);
  });

  it('numbers versions so that v1 is the oldest, and searches by version id keeping the numbers', () => {
    const versions = ['c-3', 'b-2', 'a-1'].map((v) => ({ name: 'a.txt', version_id: v }));
    expect(numberedVersions(versions, '').map((n) => [n.number, n.version.version_id])).toEqual([
      [3, 'c-3'],
      [2, 'b-2'],
      [1, 'a-1'],
    ]);
    expect(numberedVersions(versions, ' B-').map((n) => n.number)).toEqual([2]);
  });
});
