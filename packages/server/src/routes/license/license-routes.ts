/**
 * The License page's calls (spec 2 §7 "Subscription"): info answers the stored license (not_found
 * without one: the page shows Community), validate activates a license key (verified offline, then
 * stored) or tries the online sign-in, refresh verifies the stored key again. Reading needs
 * admin:ServerInfo somewhere (the page's rule in the catalogue); activating needs
 * admin:ConfigUpdate.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CryptoKey } from 'jose';
import type { AppContext } from '../../app-context.js';
import { ConsoleError, invalidRequest } from '../../errors.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { allowedSomewhere } from '../session/pages.js';
import { invalidLicense, verifyLicense } from './license-key.js';
import type { LicenseStore } from './license-store.js';
import { signInToSubscriptionService } from './subscription-service.js';

export const LICENSE_READ_ACTION = 'admin:ServerInfo';
export const LICENSE_WRITE_ACTION = 'admin:ConfigUpdate';

export interface LicenseOptions {
  store: LicenseStore;
  publicKey?: CryptoKey;
  serviceUrl: string;
  serviceTimeoutMs: number;
}

export const licenseRoutes: FastifyPluginAsync<{ ctx: AppContext; license: LicenseOptions }> = async (
  fastify,
  { ctx, license },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const requireAction = async (request: FastifyRequest, action: string) => {
    // Operator mode: the operator manages the console's license (its cluster's RBAC guards the rest).
    if (sessionOf(request).kind === 'operator') return;
    const state = await ctx.accounts.get(sessionOf(request));
    if (!allowedSomewhere(state, action)) {
      throw new ConsoleError('access_denied', 'Access denied', `The license needs ${action}.`);
    }
  };

  /** The stored license, verified now; not_found when there is none (or it no longer verifies). */
  const stored = async () => {
    const token = await license.store.read();
    if (token === undefined) throw new ConsoleError('not_found', 'No subscription is stored');
    try {
      return await verifyLicense(token, license.publicKey);
    } catch (err) {
      if (err instanceof ConsoleError) {
        throw new ConsoleError('not_found', 'No valid subscription is stored', err.detailedMessage);
      }
      throw err;
    }
  };

  app.route({
    ...routeOptions(API.getSubscriptionInfo),
    handler: async (request) => {
      await requireAction(request, LICENSE_READ_ACTION);
      return stored();
    },
  });

  app.route({
    ...routeOptions(API.validateSubscription),
    handler: async (request) => {
      await requireAction(request, LICENSE_WRITE_ACTION);
      const { license: key, email, password } = request.body;
      if (key !== undefined && key.trim() !== '') {
        const info = await verifyLicense(key, license.publicKey);
        await license.store.write(key);
        request.log.info({ organization: info.organization, plan: info.plan }, 'license activated');
        return info;
      }
      if (email && password) return signInToSubscriptionService(license.serviceUrl, license.serviceTimeoutMs);
      throw invalidRequest('Give a license key, or an email and password', 'license, or email and password');
    },
  });

  app.route({
    ...routeOptions(API.refreshSubscription),
    handler: async (request) => {
      await requireAction(request, LICENSE_WRITE_ACTION);
      const token = await license.store.read();
      if (token === undefined) throw invalidLicense('no license has been activated');
      return verifyLicense(token, license.publicKey);
    },
  });
};
