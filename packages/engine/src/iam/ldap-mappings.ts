/**
 * Policies attached to LDAP users and groups by distinguished name (issue 13 §2): MinIO's admin
 * calls `idp/ldap/policy/attach|detach`, `idp/ldap/policy-entities` and, with LDAP enabled, the
 * classic `set-user-or-group-policy` write here. DNs are compared in a normal form (attribute
 * names and values lower-cased, blanks around `,` and `=` dropped) so `uid=Dora, ou=People,…`
 * and `uid=dora,ou=people,…` are one entity; the form first given is kept for display.
 * Persisted as `iam/policydb/sts-users/<dn>.json` and `iam/policydb/ldap-groups/<dn>.json`.
 */
import type { IamStore, PolicyMappingRecord } from './iam-store.js';

/** A DN's comparison form. */
export function normalizeDn(dn: string): string {
  return dn
    .split(',')
    .map((rdn) =>
      rdn
        .split('=')
        .map((part) => part.trim())
        .join('='),
    )
    .join(',')
    .toLowerCase();
}

export interface LdapPolicyEntities {
  userMappings: {
    user: string;
    policies: string[];
    memberOfMappings: { group: string; policies: string[] }[];
  }[];
  groupMappings: { group: string; policies: string[] }[];
  policyMappings: { policy: string; users: string[]; groups: string[] }[];
}

export class LdapPolicyMappings {
  private readonly users = new Map<string, PolicyMappingRecord>();
  private readonly groups = new Map<string, PolicyMappingRecord>();

  constructor(private readonly store: IamStore) {}

  async load(): Promise<void> {
    const [users, groups] = await Promise.all([
      this.store.list('ldap-user-policies'),
      this.store.list('ldap-group-policies'),
    ]);
    for (const record of users) this.users.set(normalizeDn(record.name), record);
    for (const record of groups) this.groups.set(normalizeDn(record.name), record);
  }

  policiesOf(dn: string, isGroup: boolean): string[] {
    return [...((isGroup ? this.groups : this.users).get(normalizeDn(dn))?.policies ?? [])];
  }

  /** Policy names in effect for a user DN and its group DNs, once each, in order. */
  effective(userDn: string, groupDns: readonly string[]): string[] {
    const names = this.policiesOf(userDn, false);
    for (const group of groupDns) {
      for (const name of this.policiesOf(group, true)) if (!names.includes(name)) names.push(name);
    }
    return names;
  }

  /** Replace (`[]` clears) the policies of a DN; returns the stored display form. */
  async set(dn: string, isGroup: boolean, policies: string[], updatedAt: string): Promise<void> {
    const map = isGroup ? this.groups : this.users;
    const kind = isGroup ? 'ldap-group-policies' : 'ldap-user-policies';
    const key = normalizeDn(dn);
    const current = map.get(key);
    const name = current?.name ?? dn;
    if (policies.length === 0) {
      await this.store.remove(kind, name);
      map.delete(key);
      return;
    }
    const record: PolicyMappingRecord = { version: 1, name, policies, updatedAt };
    await this.store.save(kind, name, record);
    map.set(key, record);
  }

  /** Is any DN mapped to `policy`? (A policy in use cannot be deleted.) */
  uses(policy: string): boolean {
    return [...this.users.values(), ...this.groups.values()].some((m) => m.policies.includes(policy));
  }

  /** `idp/ldap/policy-entities`: mappings filtered by user DNs, group DNs and policies (none → all). */
  entities(query: { users: string[]; groups: string[]; policies: string[] }): LdapPolicyEntities {
    const everything = query.users.length === 0 && query.groups.length === 0 && query.policies.length === 0;
    const pick = (map: Map<string, PolicyMappingRecord>, wanted: string[]): PolicyMappingRecord[] =>
      everything
        ? [...map.values()]
        : wanted
            .map((dn) => map.get(normalizeDn(dn)))
            .filter((m): m is PolicyMappingRecord => m !== undefined);
    const byName = (a: PolicyMappingRecord, b: PolicyMappingRecord): number => a.name.localeCompare(b.name);
    const userMappings = pick(this.users, query.users)
      .sort(byName)
      .map((m) => ({ user: m.name, policies: [...m.policies], memberOfMappings: [] }));
    const groupMappings = pick(this.groups, query.groups)
      .sort(byName)
      .map((m) => ({ group: m.name, policies: [...m.policies] }));
    const all = [...this.users.values(), ...this.groups.values()].flatMap((m) => m.policies);
    const policyNames = everything ? [...new Set(all)] : query.policies;
    const policyMappings = [...new Set(policyNames)]
      .sort()
      .map((policy) => ({
        policy,
        users: [...this.users.values()]
          .filter((m) => m.policies.includes(policy))
          .map((m) => m.name)
          .sort(),
        groups: [...this.groups.values()]
          .filter((m) => m.policies.includes(policy))
          .map((m) => m.name)
          .sort(),
      }))
      .filter((m) => !everything || m.users.length > 0 || m.groups.length > 0);
    return {
      userMappings: everything || query.users.length > 0 ? userMappings : [],
      groupMappings: everything || query.groups.length > 0 ? groupMappings : [],
      policyMappings: everything || query.policies.length > 0 ? policyMappings : [],
    };
  }
}
