/**
 * Canned policies and their mapping to users and groups (wire doc §3.4).
 *
 * Policy documents travel as plain JSON (add-canned-policy takes the raw document as its body).
 * Mapping has two generations: the legacy `set-user-or-group-policy` (replaces the whole mapping;
 * gone in admin API v4) and `idp/builtin/policy/attach|detach` (adds or removes some policies;
 * body and answer madmin-encrypted, Content-Type application/octet-stream mandatory). The
 * mapping read side is `idp/builtin/policy-entities` (answer encrypted).
 */
import type { AdminTransport, CallOptions } from './admin-client.js';
import type {
  PolicyAssociationRequest,
  PolicyAssociationResponse,
  PolicyEntitiesQuery,
  PolicyEntitiesResult,
  PolicyInfo,
} from './types.js';

export interface PolicyCalls {
  /** `GET /list-canned-policies` — name → policy document (admin:ListUserPolicies). */
  listCannedPolicies(options?: CallOptions): Promise<Record<string, unknown>>;
  /** `GET /info-canned-policy?name=&v=2` (admin:GetPolicy). */
  infoCannedPolicy(name: string, options?: CallOptions): Promise<PolicyInfo>;
  /** `PUT /add-canned-policy?name=` — create or replace; the document as text or a value (admin:CreatePolicy). */
  addCannedPolicy(name: string, policy: string | object, options?: CallOptions): Promise<void>;
  /** `DELETE /remove-canned-policy?name=` (admin:DeletePolicy; refused while attached). */
  removeCannedPolicy(name: string, options?: CallOptions): Promise<void>;
  /**
   * Legacy `PUT /set-user-or-group-policy`: the entity's policies become exactly `policies`
   * (none clears them) (admin:AttachUserOrGroupPolicy).
   */
  setPolicy(
    policies: readonly string[],
    entity: { user: string } | { group: string },
    options?: CallOptions,
  ): Promise<void>;
  /** `POST /idp/builtin/policy/attach` (admin:UpdatePolicyAssociation). */
  attachPolicy(req: PolicyAssociationRequest, options?: CallOptions): Promise<PolicyAssociationResponse>;
  /** `POST /idp/builtin/policy/detach` (admin:UpdatePolicyAssociation). */
  detachPolicy(req: PolicyAssociationRequest, options?: CallOptions): Promise<PolicyAssociationResponse>;
  /** `GET /idp/builtin/policy-entities` — who has which policy, filtered by user, group or policy. */
  policyEntities(query?: PolicyEntitiesQuery, options?: CallOptions): Promise<PolicyEntitiesResult>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function policyCalls({ request, requestJson }: AdminTransport): PolicyCalls {
  async function association(
    op: 'attach' | 'detach',
    req: PolicyAssociationRequest,
    o: CallOptions | undefined,
  ): Promise<PolicyAssociationResponse> {
    const res = await request({
      method: 'POST',
      path: `/idp/builtin/policy/${op}`,
      body: req,
      encryptBody: true,
      // The server refuses these bodies under any other content type (wire doc §2.5).
      contentType: 'application/octet-stream',
      decryptResponse: true,
      // madmin also takes 201 and 204 as success here.
      successStatuses: [200, 201, 204],
      ...(o?.signal ? { signal: o.signal } : {}),
    });
    if (res.body.length === 0) return {};
    return JSON.parse(res.body.toString('utf8')) as PolicyAssociationResponse;
  }

  return {
    listCannedPolicies: (o) =>
      requestJson<Record<string, unknown> | null>({
        method: 'GET',
        path: '/list-canned-policies',
        ...(o?.signal ? { signal: o.signal } : {}),
      }).then((policies) => policies ?? {}),
    infoCannedPolicy: async (name, o) => {
      const doc = await requestJson<unknown>({
        method: 'GET',
        path: '/info-canned-policy',
        query: { name, v: '2' },
        ...(o?.signal ? { signal: o.signal } : {}),
      });
      // A server that predates v=2 answers the bare document.
      if (isObject(doc) && 'Policy' in doc && typeof doc.PolicyName === 'string')
        return doc as unknown as PolicyInfo;
      return { PolicyName: name, Policy: doc };
    },
    addCannedPolicy: async (name, policy, o) => {
      await request({
        method: 'PUT',
        path: '/add-canned-policy',
        query: { name },
        body: typeof policy === 'string' ? policy : JSON.stringify(policy),
        contentType: 'application/json',
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
    removeCannedPolicy: async (name, o) => {
      await request({
        method: 'DELETE',
        path: '/remove-canned-policy',
        query: { name },
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
    setPolicy: async (policies, entity, o) => {
      const isGroup = 'group' in entity;
      await request({
        method: 'PUT',
        path: '/set-user-or-group-policy',
        query: {
          policyName: policies.join(','),
          userOrGroup: isGroup ? entity.group : entity.user,
          // The server compares with "true"/"false" exactly.
          isGroup: isGroup ? 'true' : 'false',
        },
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
    attachPolicy: (req, o) => association('attach', req, o),
    detachPolicy: (req, o) => association('detach', req, o),
    policyEntities: (query, o) =>
      requestJson<PolicyEntitiesResult>({
        method: 'GET',
        path: '/idp/builtin/policy-entities',
        query: {
          ...(query?.users?.length ? { user: query.users } : {}),
          ...(query?.groups?.length ? { group: query.groups } : {}),
          ...(query?.policies?.length ? { policy: query.policies } : {}),
        },
        decryptResponse: true,
        ...(o?.signal ? { signal: o.signal } : {}),
      }),
  };
}
