/**
 * Service accounts (wire doc §3.5): add (body and answer encrypted), update (body encrypted,
 * 204), info and list (answers encrypted), delete (204). A user manages its own service
 * accounts unless explicitly denied; another user's need admin:CreateServiceAccount,
 * admin:UpdateServiceAccount, admin:ListServiceAccounts or admin:RemoveServiceAccount.
 */
import type { AdminTransport, CallOptions } from './admin-client.js';
import { AdminApiError } from './errors.js';
import type {
  AddServiceAccountRequest,
  ServiceAccountCredentials,
  ServiceAccountDetails,
  ServiceAccountInfo,
  UpdateServiceAccountRequest,
} from './types.js';

export interface ServiceAccountCalls {
  /** `PUT /add-service-account` — new keys (the secret is only ever in this answer). */
  addServiceAccount(
    req?: AddServiceAccountRequest,
    options?: CallOptions,
  ): Promise<ServiceAccountCredentials>;
  /** `POST /update-service-account?accessKey=`. */
  updateServiceAccount(
    accessKey: string,
    req: UpdateServiceAccountRequest,
    options?: CallOptions,
  ): Promise<void>;
  /** `GET /info-service-account?accessKey=`. */
  infoServiceAccount(accessKey: string, options?: CallOptions): Promise<ServiceAccountDetails>;
  /** `GET /list-service-accounts[?user=]` — the caller's own without a user. */
  listServiceAccounts(user?: string, options?: CallOptions): Promise<ServiceAccountInfo[]>;
  /** `DELETE /delete-service-account?accessKey=`. */
  deleteServiceAccount(accessKey: string, options?: CallOptions): Promise<void>;
}

export function serviceAccountCalls({ request, requestJson }: AdminTransport): ServiceAccountCalls {
  return {
    addServiceAccount: async (req = {}, o) => {
      const answer = await requestJson<{ credentials?: ServiceAccountCredentials }>({
        method: 'PUT',
        path: '/add-service-account',
        body: req,
        encryptBody: true,
        decryptResponse: true,
        ...(o?.signal ? { signal: o.signal } : {}),
      });
      const creds = answer.credentials;
      if (!creds || typeof creds.accessKey !== 'string' || typeof creds.secretKey !== 'string') {
        throw new AdminApiError('InvalidResponse', 'the add-service-account answer has no credentials', 200);
      }
      return creds;
    },
    updateServiceAccount: async (accessKey, req, o) => {
      await request({
        method: 'POST',
        path: '/update-service-account',
        query: { accessKey },
        body: req,
        encryptBody: true,
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
    infoServiceAccount: (accessKey, o) =>
      requestJson<ServiceAccountDetails>({
        method: 'GET',
        path: '/info-service-account',
        query: { accessKey },
        decryptResponse: true,
        ...(o?.signal ? { signal: o.signal } : {}),
      }),
    listServiceAccounts: async (user, o) => {
      const answer = await requestJson<{ accounts?: (ServiceAccountInfo | string)[] | null }>({
        method: 'GET',
        path: '/list-service-accounts',
        query: user ? { user } : undefined,
        decryptResponse: true,
        ...(o?.signal ? { signal: o.signal } : {}),
      });
      // MinIO before 2023 listed bare access keys; newer servers list objects.
      return (answer.accounts ?? []).map((a) => (typeof a === 'string' ? { accessKey: a } : a));
    },
    deleteServiceAccount: async (accessKey, o) => {
      await request({
        method: 'DELETE',
        path: '/delete-service-account',
        query: { accessKey },
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
  };
}
