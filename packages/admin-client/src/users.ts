/**
 * Users (wire doc §3.2): list (answer encrypted), info, add or update (body encrypted), status,
 * removal. The server checks admin:ListUsers, admin:GetUser, admin:CreateUser, admin:EnableUser /
 * admin:DisableUser and admin:DeleteUser; a user may read its own info and change its own secret
 * unless explicitly denied (deny-only), but never its own status.
 */
import type { AdminTransport, CallOptions } from './admin-client.js';
import type { UserInfo } from './types.js';

export type AccountStatus = 'enabled' | 'disabled';

export interface UserCalls {
  /** `GET /list-users` — every user by access key (answer encrypted; admin:ListUsers). */
  listUsers(options?: CallOptions): Promise<Record<string, UserInfo>>;
  /** `GET /user-info?accessKey=` (admin:GetUser; self deny-only). */
  userInfo(accessKey: string, options?: CallOptions): Promise<UserInfo>;
  /**
   * `PUT /add-user?accessKey=` — create a user or set its secret and status (body encrypted with
   * the signing secret; admin:CreateUser, self deny-only). Policies and groups are kept.
   */
  addUser(accessKey: string, secretKey: string, status?: AccountStatus, options?: CallOptions): Promise<void>;
  /** `PUT /set-user-status?accessKey=&status=` (admin:EnableUser / admin:DisableUser). */
  setUserStatus(accessKey: string, status: AccountStatus, options?: CallOptions): Promise<void>;
  /** `DELETE /remove-user?accessKey=` (admin:DeleteUser; not root, self, STS or service accounts). */
  removeUser(accessKey: string, options?: CallOptions): Promise<void>;
}

export function userCalls({ request, requestJson }: AdminTransport): UserCalls {
  return {
    listUsers: (o) =>
      requestJson<Record<string, UserInfo> | null>({
        method: 'GET',
        path: '/list-users',
        decryptResponse: true,
        ...(o?.signal ? { signal: o.signal } : {}),
      }).then((users) => users ?? {}),
    userInfo: (accessKey, o) =>
      requestJson<UserInfo>({
        method: 'GET',
        path: '/user-info',
        query: { accessKey },
        ...(o?.signal ? { signal: o.signal } : {}),
      }),
    addUser: async (accessKey, secretKey, status = 'enabled', o) => {
      await request({
        method: 'PUT',
        path: '/add-user',
        query: { accessKey },
        body: { secretKey, status },
        encryptBody: true,
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
    setUserStatus: async (accessKey, status, o) => {
      await request({
        method: 'PUT',
        path: '/set-user-status',
        query: { accessKey, status },
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
    removeUser: async (accessKey, o) => {
      await request({
        method: 'DELETE',
        path: '/remove-user',
        query: { accessKey },
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
  };
}
