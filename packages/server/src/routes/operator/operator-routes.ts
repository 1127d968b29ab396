/**
 * Operator mode's routes (spec 3 §7 "Tenants" and "Storage"): thin handlers that take the
 * operator session's service-account token, call the Kubernetes services in `../../operator/`,
 * and answer the contract's shapes. Registered only when the console runs in operator mode; the
 * session-kind check (app.ts) keeps storage sessions out.
 */
import { API, type TenantDetail } from '@coffer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConsoleError, notAuthenticated } from '../../errors.js';
import { k8sApis, type K8sApis } from '../../operator/k8s-client.js';
import type { OperatorSettings } from '../../operator/k8s-settings.js';
import { ErasureSetError, parityOptions } from '@coffer/protocol';
import { createTenant } from '../../operator/tenant-create.js';
import * as tenants from '../../operator/tenant-service.js';
import * as pods from '../../operator/pod-service.js';
import * as cluster from '../../operator/cluster-service.js';
import * as drives from '../../operator/drive-service.js';
import { verifyLicense } from '../license/license-key.js';
import type { LicenseOptions } from '../license/license-routes.js';
import { routeOptions, sessionOf } from '../route-options.js';

export interface OperatorRouteOptions {
  operator: OperatorSettings;
  license: LicenseOptions;
  /** Image for tenants that name none (CONSOLE_MINIO_IMAGE). */
  defaultImage?: string;
}

export const operatorRoutes: FastifyPluginAsync<OperatorRouteOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { operator, license } = options;
  const apisOf = (request: FastifyRequest): K8sApis => {
    const token = sessionOf(request).operatorToken;
    if (token === undefined) throw notAuthenticated('not an operator session');
    return k8sApis(operator.cluster, token);
  };
  /** The subscription a tenant's MINIO_SUBNET_LICENSE grants, when this console can verify it. */
  const tenantLicense = async (token: string): Promise<TenantDetail['subnet_license']> => {
    try {
      const info = await verifyLicense(token, license.publicKey);
      return {
        organization: info.organization,
        storage_capacity: info.storage_capacity,
        expires_at: info.expires_at.slice(0, 10),
        plan: info.plan,
        email: info.email,
      };
    } catch {
      return undefined;
    }
  };
  const defaultImage = options.defaultImage;

  app.route({
    ...routeOptions(API.listTenants),
    handler: async (request) => ({ tenants: await tenants.listTenants(apisOf(request)) }),
  });
  app.route({
    ...routeOptions(API.listNamespaceTenants),
    handler: async (request) => ({
      tenants: await tenants.listTenants(apisOf(request), request.params.namespace),
    }),
  });
  app.route({
    ...routeOptions(API.createTenant),
    handler: async (request) => {
      const held = await license.store.read();
      return createTenant(apisOf(request), request.body, {
        ...(held !== undefined ? { license: held } : {}),
        ...(defaultImage !== undefined ? { defaultImage } : {}),
      });
    },
  });
  app.route({
    ...routeOptions(API.getTenant),
    handler: async (request) =>
      tenants.getTenantDetail(
        apisOf(request),
        request.params.namespace,
        request.params.tenant,
        tenantLicense,
      ),
  });
  app.route({
    ...routeOptions(API.updateTenant),
    handler: async (request, reply) => {
      const { namespace, tenant } = request.params;
      await tenants.updateTenant(apisOf(request), namespace, tenant, request.body, defaultImage);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...routeOptions(API.deleteTenant),
    handler: async (request, reply) => {
      const { namespace, tenant } = request.params;
      await tenants.deleteTenant(apisOf(request), namespace, tenant, request.query.delete_pvcs);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...routeOptions(API.getTenantYaml),
    handler: async (request) => ({
      yaml: await tenants.getTenantYaml(apisOf(request), request.params.namespace, request.params.tenant),
    }),
  });
  app.route({
    ...routeOptions(API.updateTenantYaml),
    handler: async (request, reply) => {
      const { namespace, tenant } = request.params;
      await tenants.updateTenantYaml(apisOf(request), namespace, tenant, request.body.yaml);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...routeOptions(API.getTenantUsage),
    handler: async (request) =>
      tenants.tenantUsage(
        apisOf(request),
        request.params.namespace,
        request.params.tenant,
        operator.clusterDomain,
      ),
  });
  app.route({
    ...routeOptions(API.getTenantSecurity),
    handler: async (request) =>
      tenants.getTenantSecurity(apisOf(request), request.params.namespace, request.params.tenant),
  });
  app.route({
    ...routeOptions(API.updateTenantSecurity),
    handler: async (request, reply) => {
      const { namespace, tenant } = request.params;
      await tenants.updateTenantSecurity(apisOf(request), namespace, tenant, request.body, (err, secret) =>
        request.log.warn({ err, secret }, 'removing a replaced certificate secret failed'),
      );
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...routeOptions(API.addTenantPool),
    handler: async (request, reply) => {
      const { namespace, tenant } = request.params;
      await tenants.addPool(apisOf(request), namespace, tenant, request.body);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...routeOptions(API.listTenantPods),
    handler: async (request) =>
      pods.listTenantPods(apisOf(request), request.params.namespace, request.params.tenant),
  });
  app.route({
    ...routeOptions(API.getPodLogs),
    handler: async (request) => {
      const { namespace, tenant, pod } = request.params;
      return { log: await pods.podLogs(apisOf(request), namespace, tenant, pod) };
    },
  });
  app.route({
    ...routeOptions(API.listPodEvents),
    handler: async (request) => {
      const { namespace, tenant, pod } = request.params;
      return pods.podEvents(apisOf(request), namespace, tenant, pod);
    },
  });
  app.route({
    ...routeOptions(API.deleteTenantPod),
    handler: async (request, reply) => {
      const { namespace, tenant, pod } = request.params;
      await pods.deletePod(apisOf(request), namespace, tenant, pod);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...routeOptions(API.createNamespace),
    handler: async (request, reply) => {
      await cluster.createNamespace(apisOf(request), request.body.name);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...routeOptions(API.getResourceQuota),
    handler: async (request) =>
      cluster.storageQuota(apisOf(request), request.params.namespace, request.params.name),
  });
  app.route({
    ...routeOptions(API.getMaxAllocatableMemory),
    handler: async (request) => ({
      max_memory: await cluster.getMaxAllocatableMemory(apisOf(request), request.query.num_nodes),
    }),
  });
  app.route({
    ...routeOptions(API.getParity),
    handler: async (request) => {
      try {
        return parityOptions(request.params.nodes, request.params.disksPerNode);
      } catch (err) {
        if (err instanceof ErasureSetError) throw new ConsoleError('invalid_request', err.message);
        throw err;
      }
    },
  });
  app.route({
    ...routeOptions(API.getNodeLabels),
    handler: async (request) => cluster.nodeLabels(apisOf(request)),
  });
  app.route({
    ...routeOptions(API.activateTenantSubscription),
    handler: async (request, reply) => {
      const held = await license.store.read();
      if (held === undefined) {
        throw new ConsoleError(
          'not_found',
          'No license to attach',
          'Activate a license on the License page first.',
        );
      }
      const { namespace, tenant } = request.params;
      await tenants.attachLicense(apisOf(request), namespace, tenant, held);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...routeOptions(API.listPvcs),
    handler: async (request) => ({ pvcs: await drives.listPvcs(apisOf(request)) }),
  });
  app.route({
    ...routeOptions(API.listDrives),
    handler: async (request) => ({ drives: await drives.listDrives(apisOf(request)) }),
  });
  app.route({
    ...routeOptions(API.formatDrives),
    handler: async (request) => ({
      formatIssuesList: await drives.formatDrives(apisOf(request), request.body.drives, request.body.force),
    }),
  });
};
