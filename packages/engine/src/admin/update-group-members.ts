/**
 * Admin `PUT /update-group-members` (wire doc §3.3), plain JSON
 * `{"group","members":[…],"groupStatus":"","isRemove":bool}`: add members (creating the group,
 * enabled, when it does not exist — members may be empty), remove members (`isRemove`), or delete
 * the group (`isRemove` with no members; it must be empty, else XMinioAdminGroupNotEmpty).
 * Members must be existing users. Action admin:AddUserToGroup (MinIO checks only this one, also
 * for removals; admin:RemoveUserFromGroup is accepted for removals too).
 */
import type { RequestContext } from '../http/context.js';
import { InvalidRequest } from '../common/errors.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { parseJsonObject, readPlainBody, sendEmptyOk, stringField, stringListField } from './admin-body.js';

/** Generous for a group of thousands of members. */
const MAX_BODY = 4 * 1024 * 1024;

export async function updateGroupMembers(ctx: RequestContext): Promise<void> {
  const body = await readPlainBody(ctx, MAX_BODY);
  let request: Record<string, unknown>;
  let group: string;
  let members: string[];
  try {
    request = parseJsonObject(body);
    group = stringField(request, 'group') ?? '';
    members = stringListField(request, 'members');
  } catch {
    throw new InvalidRequest('The update-group-members request is not valid JSON');
  }
  const isRemove = request.isRemove === true;
  if (isRemove) requireAdminAction(ctx, 'admin:AddUserToGroup', 'admin:RemoveUserFromGroup');
  else requireAdminAction(ctx, 'admin:AddUserToGroup');
  await iamOf(ctx).updateGroupMembers(group, members, isRemove);
  sendEmptyOk(ctx);
}
