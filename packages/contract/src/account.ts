/**
 * The signed-in account (spec 2 §2 Account page, §4, §5, §7 Service accounts and account): its
 * service accounts and its own password.
 *
 * A service account inherits its parent's policies, optionally narrowed by a policy given at
 * creation (which cannot be changed later); its secret is in the create answer only. Changing
 * the own password needs the current secret (checked by the storage server) and renews the
 * session: the answer sets a new `token` cookie and the old one stops working.
 */
import { z } from 'zod';

export const CreateServiceAccountRequestSchema = z
  .object({
    policy: z
      .string()
      .optional()
      .describe(
        'A policy document (JSON text) narrowing the account; empty or absent: the parent’s policies',
      ),
  })
  .meta({ id: 'CreateServiceAccountRequest' });

export const ServiceAccountCredentialsSchema = z
  .object({ accessKey: z.string(), secretKey: z.string() })
  .meta({ id: 'ServiceAccountCredentials' });

export const ServiceAccountParamsSchema = z.object({ key: z.string().min(1) });

export const ChangePasswordRequestSchema = z
  .object({
    current_secret_key: z.string().min(1),
    new_secret_key: z
      .string()
      .describe("At least 8 characters, else 'Passwords must be at least 8 characters long'"),
  })
  .meta({ id: 'ChangePasswordRequest' });

export type CreateServiceAccountRequest = z.infer<typeof CreateServiceAccountRequestSchema>;
export type ServiceAccountCredentials = z.infer<typeof ServiceAccountCredentialsSchema>;
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;
