/**
 * The group modal's rules (spec 2 §2, §5): Save is enabled when the group name is non-blank; the
 * name is trimmed when creating and read-only when editing; members are sent sorted.
 */
import type { AccountStatus, CreateGroupRequest, UpdateGroupRequest } from '../../../shared/api/types.js';

export interface GroupForm {
  name: string;
  members: ReadonlySet<string>;
  status: AccountStatus;
}

export function canSaveGroup(form: GroupForm): boolean {
  return form.name.trim() !== '';
}

export function toCreateGroupRequest(form: GroupForm): CreateGroupRequest {
  return { group: form.name.trim(), members: [...form.members].sort() };
}

export function toUpdateGroupRequest(form: GroupForm): UpdateGroupRequest {
  return { group: form.name, members: [...form.members].sort(), status: form.status };
}
