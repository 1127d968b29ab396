import { describe, expect, it } from 'vitest';
import { canSaveGroup, toCreateGroupRequest, toUpdateGroupRequest } from './group-form.js';

describe('group form (spec 2 §5)', () => {
  it('enables Save when the group name is non-blank', () => {
    expect(canSaveGroup({ name: '', members: new Set(), status: 'enabled' })).toBe(false);
    expect(canSaveGroup({ name: '   ', members: new Set(), status: 'enabled' })).toBe(false);
    expect(canSaveGroup({ name: 'team', members: new Set(), status: 'enabled' })).toBe(true);
  });

  it('creates with the trimmed name and the members, updates with members and status', () => {
    const form = { name: ' team ', members: new Set(['bob', 'alice']), status: 'disabled' as const };
    expect(toCreateGroupRequest(form)).toEqual({ group: 'team', members: ['alice', 'bob'] });
    expect(toUpdateGroupRequest({ ...form, name: 'team' })).toEqual({
      group: 'team',
      members: ['alice', 'bob'],
      status: 'disabled',
    });
  });
});
