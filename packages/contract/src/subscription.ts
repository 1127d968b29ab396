/**
 * The License page's calls (spec 2 §3 "Subscription info", §7 "Subscription"): field names exactly
 * as the spec gives them.
 */
import { z } from 'zod';

export const SubscriptionInfoSchema = z
  .object({
    plan: z.string().describe('STANDARD or ENTERPRISE (anything else is shown as Standard)'),
    organization: z.string(),
    storage_capacity: z.number().describe('Licensed capacity in TiB'),
    expires_at: z.string().describe('ISO 8601 time the license ends'),
    email: z.string(),
  })
  .meta({ id: 'SubscriptionInfo' });

export const SubscriptionValidateRequestSchema = z
  .object({
    license: z.string().max(16_384).optional().describe('A license key (a signed token), checked offline'),
    email: z.string().max(320).optional().describe("With password: sign in to MinIO's subscription service"),
    password: z.string().max(1024).optional(),
  })
  .meta({ id: 'SubscriptionValidateRequest' });

export type SubscriptionInfo = z.infer<typeof SubscriptionInfoSchema>;
export type SubscriptionValidateRequest = z.infer<typeof SubscriptionValidateRequestSchema>;
