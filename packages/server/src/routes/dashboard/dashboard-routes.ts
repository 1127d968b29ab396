/**
 * Dashboard routes (spec 2 §7 "Dashboard"): admin info and one widget's series. Thin: session →
 * dashboard service. The service, its history and its scraper live as long as the console (built
 * by `createDashboard`, closed with the app).
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions, sessionOf } from '../route-options.js';
import type { DashboardService } from './dashboard-service.js';

export interface DashboardRoutesOptions {
  dashboard: DashboardService;
}

export const dashboardRoutes: FastifyPluginAsync<DashboardRoutesOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dashboard } = options;

  app.route({
    ...routeOptions(API.getAdminInfo),
    handler: async (request) => dashboard.adminInfo(sessionOf(request)),
  });

  app.route({
    ...routeOptions(API.getWidgetDetails),
    handler: async (request) => dashboard.widgetDetails(sessionOf(request), request.params.id, request.query),
  });
};
