/**
 * Settings routes (spec 3 §7 "Settings", "Restart"): configurations, notification endpoints,
 * ARNs, the remote tiers, the service restart and the restart-required state. Thin: session → admin client →
 * service; every change that answers "restart needed" is remembered for the banner.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { getConfig, listConfigTargets, resetConfig, setConfig } from './config-service.js';
import {
  deleteNotificationEndpoint,
  listArns,
  listNotificationEndpoints,
} from './notification-endpoints-service.js';
import { RestartState } from './restart-state.js';
import { addTier, listTiers, updateTierCredentials } from './tiers-service.js';
import { restartAndWait, type RestartWaitOptions } from './restart-service.js';

export interface SettingsRoutesOptions {
  ctx: AppContext;
  /** Restart-required memory (one per console; tests pass their own). */
  restartState?: RestartState;
  restartWait?: RestartWaitOptions;
}

export const settingsRoutes: FastifyPluginAsync<SettingsRoutesOptions> = async (fastify, options) => {
  const { ctx } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const restartState = options.restartState ?? new RestartState();
  const server = ctx.options.serverUrl;
  const adminOf = (request: FastifyRequest) => ctx.clients.forSession(sessionOf(request)).admin;
  const noted = <T extends { restart: boolean }>(answer: T): T => {
    restartState.noteChange(server, answer.restart);
    return answer;
  };

  app.route({
    ...routeOptions(API.getConfig),
    handler: async (request) => getConfig(adminOf(request), request.params.name),
  });

  app.route({
    ...routeOptions(API.setConfig),
    handler: async (request) =>
      noted(await setConfig(adminOf(request), request.params.name, request.body.key_values)),
  });

  app.route({
    ...routeOptions(API.resetConfig),
    handler: async (request) => noted(await resetConfig(adminOf(request), request.params.name)),
  });

  app.route({
    ...routeOptions(API.listConfigTargets),
    handler: async (request) => listConfigTargets(adminOf(request), request.params.subsystem),
  });

  app.route({
    ...routeOptions(API.listNotificationEndpoints),
    handler: async (request) => listNotificationEndpoints(adminOf(request)),
  });

  app.route({
    ...routeOptions(API.deleteNotificationEndpoint),
    handler: async (request) =>
      noted(
        await deleteNotificationEndpoint(adminOf(request), request.params.service, request.params.account_id),
      ),
  });

  app.route({
    ...routeOptions(API.listArns),
    handler: async (request) => listArns(adminOf(request)),
  });

  app.route({
    ...routeOptions(API.listTiers),
    handler: async (request) => listTiers(adminOf(request)),
  });

  app.route({
    ...routeOptions(API.addTier),
    handler: async (request, reply) => reply.code(201).send(await addTier(adminOf(request), request.body)),
  });

  app.route({
    ...routeOptions(API.updateTierCredentials),
    handler: async (request, reply) => {
      await updateTierCredentials(adminOf(request), request.params.name, request.body);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.restartService),
    handler: async (request) => {
      await restartAndWait(adminOf(request), options.restartWait);
      restartState.clear(server);
      return {};
    },
  });

  app.route({
    ...routeOptions(API.getRestartState),
    handler: async (request) => {
      sessionOf(request);
      return { restart_required: restartState.required(server) };
    },
  });
};
