/**
 * IAM groups (spec 2 §2 /groups, §3 "Group: name, members, status; in lists a comma-separated
 * policy string", §5, §7). A group is created with its members, edited as a whole (members and
 * status), and deleted with whatever members it still has.
 */
import { z } from 'zod';
import { AccountStatusSchema } from './users.js';

export const GroupSchema = z
  .object({
    name: z.string(),
    members: z.array(z.string()).describe('Access keys of the members'),
    status: AccountStatusSchema,
    policy: z.string().describe('Policies attached to the group, comma-separated'),
  })
  .meta({ id: 'Group' });

export const ListGroupsResponseSchema = z
  .object({
    groups: z.array(GroupSchema).describe('Sorted by name'),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'GroupList' });

export const GroupNameQuerySchema = z.object({ name: z.string().min(1) });

/** 'Group: save enabled when the group name is non-blank' (spec 2 §5). */
export const CreateGroupRequestSchema = z
  .object({
    group: z.string().trim().min(1, 'The group name is required'),
    members: z.array(z.string()).default([]),
  })
  .meta({ id: 'CreateGroupRequest' });

export const UpdateGroupRequestSchema = z
  .object({
    group: z.string().optional().describe('The name (read-only when editing; must match ?name= if sent)'),
    members: z.array(z.string()).describe('The members, exactly'),
    status: AccountStatusSchema,
  })
  .meta({ id: 'UpdateGroupRequest' });

export type Group = z.infer<typeof GroupSchema>;
export type ListGroupsResponse = z.infer<typeof ListGroupsResponseSchema>;
export type CreateGroupRequest = z.input<typeof CreateGroupRequestSchema>;
export type UpdateGroupRequest = z.infer<typeof UpdateGroupRequestSchema>;
