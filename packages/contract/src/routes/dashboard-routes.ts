/**
 * Dashboard (spec 2 §7 "Dashboard"): admin info and one widget's series. Both need the admin API
 * (admin_api_not_offered against a plain S3 server). Entries of the console's route table
 * (composed in `../routes.ts`): method, path, schemas.
 */
import {
  AdminInfoResponseSchema,
  WidgetDetailsSchema,
  WidgetParamsSchema,
  WidgetQuerySchema,
} from '../dashboard.js';
import { API_PREFIX, errors, type RouteContract } from '../route-contract.js';

export const DASHBOARD_ROUTES = {
  getAdminInfo: {
    method: 'GET',
    path: `${API_PREFIX}/admin/info`,
    summary: 'Usage figures (buckets, objects, bytes) and the dashboard widgets on offer',
    description:
      'widgets is empty when no metric source can answer: neither a configured Prometheus nor the console’s own history of the storage server’s metrics (which needs an account allowed to read them).',
    tags: ['dashboard'],
    response: { 200: AdminInfoResponseSchema, ...errors },
  },
  getWidgetDetails: {
    method: 'GET',
    path: `${API_PREFIX}/admin/info/widgets/:id/`,
    summary: "One widget's series over a time range",
    description:
      "From Prometheus (CONSOLE_PROMETHEUS_URL) when configured, else from the console's own history, which answers the part of the range it holds.",
    tags: ['dashboard'],
    params: WidgetParamsSchema,
    querystring: WidgetQuerySchema,
    response: { 200: WidgetDetailsSchema, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
