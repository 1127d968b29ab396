/**
 * Subscription (spec 2 §7 "Subscription"): the License page's info, validate and refresh. Entries
 * of the console's route table (composed in `../routes.ts`).
 */
import { SubscriptionInfoSchema, SubscriptionValidateRequestSchema } from '../subscription.js';
import { API_PREFIX, errors, type RouteContract } from '../route-contract.js';

export const SUBSCRIPTION_ROUTES = {
  getSubscriptionInfo: {
    method: 'GET',
    path: `${API_PREFIX}/subscription/info`,
    summary: 'The stored subscription (license) of this deployment',
    description:
      'not_found when no license is stored: the License page then shows the Community plan (spec 2 §4 "License").',
    tags: ['subscription'],
    session: 'any',
    response: { 200: SubscriptionInfoSchema, ...errors },
  },
  validateSubscription: {
    method: 'POST',
    path: `${API_PREFIX}/subscription/validate`,
    summary: 'Activate a license: a license key, verified offline and stored; or a subscription sign-in',
    description:
      "A key is a signed token checked against the configured license public key (invalid_license when it is not valid). Email and password need MinIO's online subscription service: subscription_service_unreachable when it cannot be reached within 10 s.",
    tags: ['subscription'],
    session: 'any',
    body: SubscriptionValidateRequestSchema,
    response: { 200: SubscriptionInfoSchema, ...errors },
  },
  refreshSubscription: {
    method: 'POST',
    path: `${API_PREFIX}/subscription/refresh`,
    summary: 'Check the stored license again; same answer as info',
    tags: ['subscription'],
    session: 'any',
    response: { 200: SubscriptionInfoSchema, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
