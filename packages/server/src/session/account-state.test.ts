import { describe, expect, it } from 'vitest';
import { CONSOLE_ADMIN_POLICY } from '@coffer/protocol';
import { accountStateOf, isDistributed } from './account-state.js';

describe('isDistributed', () => {
  it('is an erasure backend over more than one drive', () => {
    expect(isDistributed({ Type: 2, DrivesPerSet: [4] })).toBe(true);
    expect(isDistributed({ Type: 2, DrivesPerSet: [1] })).toBe(false);
    expect(isDistributed({ Type: 2, OnlineDisks: { a: 3 }, OfflineDisks: { a: 1 } })).toBe(true);
    expect(isDistributed({ Type: 1, DrivesPerSet: [4] })).toBe(false);
    expect(isDistributed(undefined)).toBe(false);
  });
});

describe('accountStateOf', () => {
  it('parses the effective policy; an unreadable one grants nothing', () => {
    const ok = accountStateOf({
      AccountName: 'root',
      Server: { Type: 2, DrivesPerSet: [4] },
      Policy: CONSOLE_ADMIN_POLICY,
      Buckets: [],
    });
    expect(ok).toEqual({ accountName: 'root', policies: [CONSOLE_ADMIN_POLICY], distributedMode: true });
    const bad = accountStateOf({
      AccountName: 'x',
      Server: { Type: 1 },
      Policy: { Statement: 'nope' },
      Buckets: null,
    });
    expect(bad.policies).toEqual([]);
  });
});
