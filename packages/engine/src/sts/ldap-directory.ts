/**
 * The configured LDAP directory (`identity_ldap`, environment `MINIO_IDENTITY_LDAP_*` included)
 * and MinIO's sign-in against it (issue 13 §2), over `ldapts` (decision 0014-identity-libraries):
 *
 * 1. bind with the lookup account (`lookup_bind_dn` / `lookup_bind_password`);
 * 2. find the user's DN: `user_dn_search_filter` with `%s` = the username (escaped, RFC 4515)
 *    under each `user_dn_search_base_dn` (`;`-separated); exactly one entry must match;
 * 3. bind as that DN with the password (a wrong password fails here);
 * 4. bind as the lookup account again and collect the groups: `group_search_filter` with `%s` =
 *    username and `%d` = user DN under each `group_search_base_dn`.
 *
 * Transport (MinIO's keys): `server_insecure=on` plain LDAP (port 389 by default),
 * `server_starttls=on` StartTLS on plain LDAP, otherwise LDAPS (port 636 by default);
 * `tls_skip_verify=on` accepts any server certificate. A connection per call, 5 s timeouts.
 * Errors are answered as MinIO does: 400 InvalidParameterValue "LDAP server error: …".
 */
import { isIP } from 'node:net';
import { Client, InvalidCredentialsError } from 'ldapts';
import { isOn, type ConfigReader } from '../config/index.js';
import { InvalidParameterValue } from './errors.js';

export interface LdapSettings {
  host: string;
  port: number;
  insecure: boolean;
  startTls: boolean;
  skipVerify: boolean;
  lookupBindDn: string;
  lookupBindPassword: string;
  userBaseDns: string[];
  userFilter: string;
  groupBaseDns: string[];
  groupFilter: string;
}

export interface LdapIdentity {
  userDn: string;
  groupDns: string[];
}

const TIMEOUT_MS = 5000;

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(';')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** The directory settings, or undefined when LDAP is not configured (or `enable=off`). */
export function ldapSettings(config: ConfigReader): LdapSettings | undefined {
  const values = config.get('identity_ldap');
  const address = values.get('server_addr') ?? '';
  const enable = values.get('enable') ?? '';
  if (address === '' || (enable !== '' && !isOn(enable))) return undefined;
  const insecure = isOn(values.get('server_insecure'));
  const startTls = isOn(values.get('server_starttls'));
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(address);
  const defaultPort = insecure || startTls ? 389 : 636;
  return {
    host: (match?.[1] ?? address).replace(/^\[|\]$/g, ''),
    port: match?.[2] !== undefined ? Number(match[2]) : defaultPort,
    insecure,
    startTls,
    skipVerify: isOn(values.get('tls_skip_verify')),
    lookupBindDn: values.get('lookup_bind_dn') ?? '',
    lookupBindPassword: values.get('lookup_bind_password') ?? '',
    userBaseDns: list(values.get('user_dn_search_base_dn') || values.get('username_search_base_dn')),
    userFilter: values.get('user_dn_search_filter') || values.get('username_search_filter') || '',
    groupBaseDns: list(values.get('group_search_base_dn')),
    groupFilter: values.get('group_search_filter') ?? '',
  };
}

/** RFC 4515 escaping of a value placed in a search filter. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function fill(filter: string, username: string, dn: string): string {
  return filter.replaceAll('%s', escapeFilterValue(username)).replaceAll('%d', escapeFilterValue(dn));
}

function ldapError(err: unknown): InvalidParameterValue {
  return new InvalidParameterValue(`LDAP server error: ${err instanceof Error ? err.message : String(err)}`);
}

export class LdapDirectory {
  constructor(readonly settings: LdapSettings) {}

  private async connect(): Promise<Client> {
    const s = this.settings;
    // SNI names a host, never an address (RFC 6066; Node ≥ 22 refuses an IP servername): an
    // address is checked against the certificate's IP entries through the connection's host.
    const tlsOptions = { rejectUnauthorized: !s.skipVerify, ...(isIP(s.host) ? {} : { servername: s.host }) };
    const scheme = s.insecure || s.startTls ? 'ldap' : 'ldaps';
    const host = s.host.includes(':') ? `[${s.host}]` : s.host;
    const client = new Client({
      url: `${scheme}://${host}:${s.port}`,
      timeout: TIMEOUT_MS,
      connectTimeout: TIMEOUT_MS,
      ...(scheme === 'ldaps' ? { tlsOptions } : {}),
    });
    if (s.startTls) await client.startTLS(tlsOptions);
    return client;
  }

  private async lookupBind(client: Client): Promise<void> {
    const s = this.settings;
    if (s.lookupBindDn === '') throw new Error('lookup_bind_dn is not configured');
    try {
      await client.bind(s.lookupBindDn, s.lookupBindPassword);
    } catch (err) {
      throw new Error(`Error binding to LDAP server with the lookup account: ${String(err)}`, { cause: err });
    }
  }

  private async findUserDn(client: Client, username: string): Promise<string | undefined> {
    const s = this.settings;
    if (s.userFilter === '' || s.userBaseDns.length === 0) {
      throw new Error('user_dn_search_base_dn and user_dn_search_filter must be configured');
    }
    const found: string[] = [];
    for (const base of s.userBaseDns) {
      const { searchEntries } = await client.search(base, {
        scope: 'sub',
        filter: fill(s.userFilter, username, ''),
        attributes: ['dn'],
      });
      found.push(...searchEntries.map((e) => e.dn));
    }
    if (found.length > 1)
      throw new Error(`Multiple DNs for ${username} found - please fix the search filter`);
    return found[0];
  }

  private async findGroups(client: Client, username: string, userDn: string): Promise<string[]> {
    const s = this.settings;
    if (s.groupFilter === '' || s.groupBaseDns.length === 0) return [];
    const groups: string[] = [];
    for (const base of s.groupBaseDns) {
      const { searchEntries } = await client.search(base, {
        scope: 'sub',
        filter: fill(s.groupFilter, username, userDn),
        attributes: ['dn'],
      });
      for (const e of searchEntries) if (!groups.includes(e.dn)) groups.push(e.dn);
    }
    return groups;
  }

  /** MinIO's LDAP sign-in (steps 1–4 of the module comment). */
  async authenticate(username: string, password: string): Promise<LdapIdentity> {
    let client: Client | undefined;
    try {
      client = await this.connect();
      await this.lookupBind(client);
      const userDn = await this.findUserDn(client, username);
      if (userDn === undefined) throw new Error(`User DN not found for: ${username}`);
      try {
        await client.bind(userDn, password);
      } catch (err) {
        if (err instanceof InvalidCredentialsError) {
          throw new Error(`LDAP auth failed for DN ${userDn}: Invalid Credentials`, { cause: err });
        }
        throw err;
      }
      await this.lookupBind(client);
      return { userDn, groupDns: await this.findGroups(client, username, userDn) };
    } catch (err) {
      throw ldapError(err);
    } finally {
      await client?.unbind().catch(() => undefined);
    }
  }

  /**
   * The DN of a user given by username or DN (admin policy attach), or undefined when the
   * directory has no such user.
   */
  async resolveUser(nameOrDn: string): Promise<string | undefined> {
    return this.withLookup(async (client) => {
      if (nameOrDn.includes('=')) return (await this.exists(client, nameOrDn)) ? nameOrDn : undefined;
      return this.findUserDn(client, nameOrDn);
    });
  }

  /**
   * A user's DN and groups found with the lookup account, no password (an administrator creating
   * keys for an LDAP user); undefined when the directory has no such user. For a DN, its first
   * RDN's value stands for the username in the group filter's `%s`.
   */
  async lookupIdentity(nameOrDn: string): Promise<LdapIdentity | undefined> {
    return this.withLookup(async (client) => {
      const isDn = nameOrDn.includes('=');
      const userDn = isDn
        ? (await this.exists(client, nameOrDn))
          ? nameOrDn
          : undefined
        : await this.findUserDn(client, nameOrDn);
      if (userDn === undefined) return undefined;
      const username = isDn ? (/^[^=]+=([^,]*)/.exec(nameOrDn)?.[1]?.trim() ?? '') : nameOrDn;
      return { userDn, groupDns: await this.findGroups(client, username, userDn) };
    });
  }

  /** Whether a group DN exists in the directory. */
  async groupExists(dn: string): Promise<boolean> {
    return this.withLookup((client) => this.exists(client, dn));
  }

  private async exists(client: Client, dn: string): Promise<boolean> {
    try {
      const { searchEntries } = await client.search(dn, { scope: 'base', attributes: ['dn'] });
      return searchEntries.length > 0;
    } catch {
      return false;
    }
  }

  private async withLookup<T>(fn: (client: Client) => Promise<T>): Promise<T> {
    let client: Client | undefined;
    try {
      client = await this.connect();
      await this.lookupBind(client);
      return await fn(client);
    } catch (err) {
      throw ldapError(err);
    } finally {
      await client?.unbind().catch(() => undefined);
    }
  }
}
