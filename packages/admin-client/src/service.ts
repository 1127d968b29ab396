/**
 * Service control (wire doc §3.12 `POST /service`): restart through the V2 form (`type=2`), which
 * answers per-node results before the server restarts; admin:ServiceRestart. A V1-only server
 * answers an empty 200, read as success without results.
 */
import type { AdminTransport, CallOptions } from './admin-client.js';
import { AdminApiError } from './errors.js';

/** One node's part of a V2 service action. */
export interface ServiceActionPeerResult {
  host: string;
  err?: string;
  waitingDrives?: Record<string, unknown>;
}

/** `POST /service?type=2` answer (madmin.ServiceActionResult). */
export interface ServiceActionResult {
  action: string;
  dryRun: boolean;
  results: ServiceActionPeerResult[];
}

export interface ServiceCalls {
  /**
   * `POST /service?action=restart&type=2` — resolves once the server accepted the restart (it
   * restarts right after answering); rejects with AdminApiError when a node reports an error.
   */
  serviceRestart(options?: CallOptions): Promise<ServiceActionResult | undefined>;
}

export function serviceCalls({ request }: AdminTransport): ServiceCalls {
  return {
    serviceRestart: async (o) => {
      const res = await request({
        method: 'POST',
        path: '/service',
        query: { action: 'restart', type: '2' },
        ...(o?.signal ? { signal: o.signal } : {}),
      });
      const text = res.body.toString('utf8').trim();
      if (text === '') return undefined;
      let doc: ServiceActionResult;
      try {
        doc = JSON.parse(text) as ServiceActionResult;
      } catch {
        throw new AdminApiError(
          'InvalidResponse',
          'the storage server answered the restart with something that is not JSON',
          res.status,
        );
      }
      const failed = (doc.results ?? []).filter((r) => (r.err ?? '') !== '');
      if (failed.length > 0) {
        throw new AdminApiError(
          'XMinioAdminServiceRestartFailed',
          failed.map((r) => `${r.host}: ${r.err ?? ''}`).join('; '),
          res.status,
        );
      }
      return doc;
    },
  };
}
