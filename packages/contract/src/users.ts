/**
 * IAM users (spec 2 §2 Users and groups, §3 "User: accessKey, status, memberOf, policy,
 * secretKey (create only)", §4, §5, §7 Users and groups). Users are named by access key, which
 * may contain slashes — hence `?name=` rather than a path segment.
 *
 * Server-side validation with the spec's texts: a secret under 8 characters is refused with
 * 'Passwords must be at least 8 characters long' (create and password change); a bulk group
 * assignment without groups with 'You need to select at least one group to assign'.
 */
import { z } from 'zod';

export const AccountStatusSchema = z.enum(['enabled', 'disabled']);

export const UserSchema = z
  .object({
    accessKey: z.string(),
    status: AccountStatusSchema,
    memberOf: z.array(z.string()).describe('Groups the user belongs to'),
    policy: z.array(z.string()).describe('Policies attached to the user itself (not via groups)'),
  })
  .meta({ id: 'User' });

export const ListUsersResponseSchema = z
  .object({ users: z.array(UserSchema).describe('Sorted by accessKey') })
  .meta({ id: 'UserList' });

export const UserNameQuerySchema = z.object({ name: z.string().min(1).describe("The user's access key") });

export const CreateUserRequestSchema = z
  .object({
    accessKey: z.string().min(1),
    secretKey: z
      .string()
      .describe("At least 8 characters, else 'Passwords must be at least 8 characters long'"),
    groups: z.array(z.string()).default([]).describe('Groups to add the new user to'),
    policies: z.array(z.string()).default([]).describe('Policies to attach to the new user'),
  })
  .meta({ id: 'CreateUserRequest' });

export const UpdateUserRequestSchema = z
  .object({
    status: AccountStatusSchema.optional(),
    groups: z.array(z.string()).optional().describe('The groups the user is to be a member of, exactly'),
  })
  .meta({ id: 'UpdateUserRequest' });

export const ChangeUserPasswordRequestSchema = z
  .object({
    selectedUser: z.string().min(1),
    newSecretKey: z
      .string()
      .describe("At least 8 characters, else 'Passwords must be at least 8 characters long'"),
  })
  .meta({ id: 'ChangeUserPasswordRequest' });

export const AddUsersToGroupsRequestSchema = z
  .object({
    groups: z.array(z.string()),
    users: z.array(z.string()).min(1),
  })
  .meta({ id: 'AddUsersToGroupsRequest' });

/** Access keys of service accounts (spec 2 §3: "the list consists of strings"). */
export const ServiceAccountListSchema = z.array(z.string()).meta({ id: 'ServiceAccountList' });

/** Users that can reach a bucket (Access Audit, spec 1 §7). */
export const BucketUsersResponseSchema = z.array(UserSchema).meta({ id: 'BucketUsers' });

export type AccountStatus = z.infer<typeof AccountStatusSchema>;
export type User = z.infer<typeof UserSchema>;
export type ListUsersResponse = z.infer<typeof ListUsersResponseSchema>;
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;
export type ChangeUserPasswordRequest = z.infer<typeof ChangeUserPasswordRequestSchema>;
export type AddUsersToGroupsRequest = z.infer<typeof AddUsersToGroupsRequestSchema>;
export type ServiceAccountList = z.infer<typeof ServiceAccountListSchema>;
export type BucketUsersResponse = z.infer<typeof BucketUsersResponseSchema>;
