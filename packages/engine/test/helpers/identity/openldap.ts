/**
 * OpenLDAP (Debian's `slapd`, installed by `scripts/system-deps.mjs` need `openldap`) as a child
 * process of the test: a `slapd.conf` and an MDB database in a temp dir, slapd in the foreground
 * (`-d 0`) on a loopback port (the system service, if any, is left alone). Seeded once with
 * `ldapadd`: `ou=people` users (inetOrgPerson, `uid=…`), `ou=groups` groups (groupOfNames with
 * `member` DNs) and a read-only lookup account for MinIO's `lookup_bind_dn`. Readiness is an
 * anonymous `ldapsearch` of the root DSE. With `tls`, a self-signed certificate for 127.0.0.1
 * (made with `openssl`) serves StartTLS on the plain port and LDAPS on a second one.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../engine-process.js';
import { childServer, runToEnd, startTestBroker } from '../servers/child-server.js';

export const SLAPD_BIN = '/usr/sbin/slapd';
export const BASE_DN = 'dc=coffer,dc=test';

export interface LdapTestUser {
  uid: string;
  password: string;
  /** Group common names the user belongs to. */
  groups?: string[];
  mail?: string;
}

export interface StartOpenLdapOptions {
  users?: LdapTestUser[];
  /** Groups beyond those the users name (an empty group, say). */
  groups?: string[];
  /** Serve StartTLS and LDAPS with a self-signed certificate. */
  tls?: boolean;
}

export interface TestOpenLdap {
  /** `ldap://127.0.0.1:PORT`. */
  url: string;
  /** `127.0.0.1:PORT`: MinIO's `server_addr`. */
  address: string;
  port: number;
  baseDn: string;
  usersDn: string;
  groupsDn: string;
  /** The directory's root account (writes). */
  admin: { dn: string; password: string };
  /** The read-only lookup account (MinIO's `lookup_bind_dn` / `lookup_bind_password`). */
  lookup: { dn: string; password: string };
  userDn(uid: string): string;
  groupDn(cn: string): string;
  /** `identity_ldap` settings for this directory (config KV keys, plain text without TLS). */
  identityLdapConfig(): Record<string, string>;
  /** With `tls`: the LDAPS port, its `server_addr` and the certificate (PEM file) to trust. */
  tls?: { port: number; address: string; certFile: string };
  startMs: number;
  destroy(): Promise<void>;
  output(): string;
}

/** The seed LDIF: the suffix, two OUs, the lookup account, users and groups. */
function seedLdif(options: StartOpenLdapOptions, lookupPassword: string): string {
  const users = options.users ?? [];
  const groupNames = new Set([...(options.groups ?? []), ...users.flatMap((u) => u.groups ?? [])]);
  const entries = [
    `dn: ${BASE_DN}\nobjectClass: dcObject\nobjectClass: organization\ndc: coffer\no: Coffer tests`,
    `dn: ou=people,${BASE_DN}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ou=groups,${BASE_DN}\nobjectClass: organizationalUnit\nou: groups`,
    `dn: cn=lookup,${BASE_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: lookup\nuserPassword: ${lookupPassword}`,
    ...users.map(
      (u) =>
        `dn: uid=${u.uid},ou=people,${BASE_DN}\nobjectClass: inetOrgPerson\nuid: ${u.uid}\ncn: ${u.uid}\nsn: ${u.uid}\n` +
        `mail: ${u.mail ?? `${u.uid}@coffer.test`}\nuserPassword: ${u.password}`,
    ),
    ...[...groupNames].map((g) => {
      const members = users
        .filter((u) => u.groups?.includes(g))
        .map((u) => `uid=${u.uid},ou=people,${BASE_DN}`);
      // groupOfNames needs one member at least: an empty group names the lookup account.
      const lines = (members.length > 0 ? members : [`cn=lookup,${BASE_DN}`]).map((m) => `member: ${m}`);
      return `dn: cn=${g},ou=groups,${BASE_DN}\nobjectClass: groupOfNames\ncn: ${g}\n${lines.join('\n')}`;
    }),
  ];
  return `${entries.join('\n\n')}\n`;
}

export async function startOpenLdap(options: StartOpenLdapOptions = {}): Promise<TestOpenLdap> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-slapd-'));
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const admin = { dn: `cn=admin,${BASE_DN}`, password: 'admin-secret' };
  const lookup = { dn: `cn=lookup,${BASE_DN}`, password: 'lookup-secret' };
  await mkdir(path.join(dir, 'data'));
  const tlsPort = options.tls === true ? await freePort() : undefined;
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  if (tlsPort !== undefined) {
    await runToEnd('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]);
  }
  const config = path.join(dir, 'slapd.conf');
  await writeFile(
    config,
    [
      ...['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `include /etc/ldap/schema/${s}.schema`),
      `pidfile ${dir}/slapd.pid`,
      ...(tlsPort !== undefined
        ? [`TLSCertificateFile ${certFile}`, `TLSCertificateKeyFile ${keyFile}`]
        : []),
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'database mdb',
      `suffix "${BASE_DN}"`,
      `rootdn "${admin.dn}"`,
      `rootpw ${admin.password}`,
      `directory ${dir}/data`,
      'maxsize 16777216',
      // Passwords: binding only; everything else readable by any bound account (the lookup bind).
      'access to attrs=userPassword by anonymous auth by * none',
      'access to dn.base="" by * read',
      'access to * by users read by * none',
      '',
    ].join('\n'),
  );
  const server = childServer({
    name: 'slapd',
    command: SLAPD_BIN,
    args: [
      '-d',
      '0',
      '-f',
      config,
      '-h',
      tlsPort === undefined ? `${url}/` : `${url}/ ldaps://127.0.0.1:${tlsPort}/`,
    ],
    cwd: dir,
    probe: async () => {
      await runToEnd('ldapsearch', ['-x', '-H', url, '-b', '', '-s', 'base', '-LLL', 'namingContexts']);
    },
  });
  const broker = await startTestBroker(server, { url, port }, () =>
    rm(dir, { recursive: true, force: true }),
  );
  try {
    const seed = path.join(dir, 'seed.ldif');
    await writeFile(seed, seedLdif(options, lookup.password));
    await runToEnd('ldapadd', ['-x', '-H', url, '-D', admin.dn, '-w', admin.password, '-f', seed]);
  } catch (err) {
    await broker.destroy();
    throw err;
  }
  const usersDn = `ou=people,${BASE_DN}`;
  const groupsDn = `ou=groups,${BASE_DN}`;
  return {
    url,
    address: `127.0.0.1:${port}`,
    port,
    baseDn: BASE_DN,
    usersDn,
    groupsDn,
    admin,
    lookup,
    userDn: (uid) => `uid=${uid},${usersDn}`,
    groupDn: (cn) => `cn=${cn},${groupsDn}`,
    identityLdapConfig: () => ({
      enable: 'on',
      server_addr: `127.0.0.1:${port}`,
      server_insecure: 'on',
      lookup_bind_dn: lookup.dn,
      lookup_bind_password: lookup.password,
      user_dn_search_base_dn: usersDn,
      user_dn_search_filter: '(uid=%s)',
      group_search_base_dn: groupsDn,
      group_search_filter: '(&(objectclass=groupOfNames)(member=%d))',
    }),
    ...(tlsPort !== undefined ? { tls: { port: tlsPort, address: `127.0.0.1:${tlsPort}`, certFile } } : {}),
    startMs: broker.startMs,
    destroy: () => broker.destroy(),
    output: () => broker.output(),
  };
}
