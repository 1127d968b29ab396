/**
 * Every sub-system the engine knows (issue 10 §1): the console's Configurations list (region,
 * cache, compression, etcd, identity_openid, identity_ldap, logger_webhook, audit_webhook), MinIO's
 * newer `site`, and the ten `notify_*` (`notify-subsystems.ts`). Keys, defaults and which
 * sub-systems apply without a restart follow MinIO.
 */
import { NOTIFY_SUBSYSTEMS } from './notify-subsystems.js';
import {
  COMMENT_FIELD,
  enableField,
  field,
  required,
  type FieldDef,
  type SubsystemDef,
} from './subsystem-types.js';

/** MinIO's region name rule. */
export const REGION_PATTERN = /^[a-zA-Z][a-zA-Z0-9-_-]+$/;

function checkRegion(value: string | undefined, key = 'region'): string | undefined {
  if (value === undefined || value === '' || REGION_PATTERN.test(value)) return undefined;
  return `${key} '${value}' is invalid, expected simple characters such as [us-east-1, myregion...]`;
}

function webhookLogger(name: string, description: string, example: string): SubsystemDef {
  const fields: FieldDef[] = [
    enableField(),
    required('endpoint', 'url', `HTTP(s) endpoint e.g. "${example}"`, { schemes: ['http', 'https'] }),
    field('auth_token', 'string', 'opaque string or JWT authorization token', { secret: true }),
    field('client_cert', 'string', 'mTLS certificate for webhook authentication'),
    field('client_key', 'string', 'mTLS certificate key for webhook authentication'),
    field('proxy', 'url', 'proxy url endpoint e.g. http(s)://proxy', { schemes: ['http', 'https'] }),
    field('batch_size', 'number', 'Number of events per HTTP send to webhook target', { default: '1' }),
    field('queue_size', 'number', 'configure channel queue size for webhook targets', { default: '100000' }),
    field('queue_dir', 'path', 'staging dir for undelivered messages e.g. "/home/logs"', { absolute: true }),
    field('http_timeout', 'duration', 'defines the maximum duration for each http request', {
      default: '5s',
    }),
    COMMENT_FIELD,
  ];
  return { name, description, multipleTargets: true, dynamic: true, hasEnable: true, fields };
}

const CORE_SUBSYSTEMS: readonly SubsystemDef[] = [
  {
    name: 'region',
    description: 'label the location of the server',
    multipleTargets: false,
    dynamic: false,
    hasEnable: false,
    fields: [
      field('name', 'string', 'name of the location of the server e.g. "us-west-rack2"'),
      COMMENT_FIELD,
    ],
    check: (values) => checkRegion(values.get('name')),
  },
  {
    name: 'site',
    description: 'label the server and its location',
    multipleTargets: false,
    dynamic: false,
    hasEnable: false,
    fields: [
      field('name', 'string', 'name for the site e.g. "cal-rack0"'),
      field('region', 'string', 'name of the location of the server e.g. "us-west-1"'),
      COMMENT_FIELD,
    ],
    check: (values) => {
      const name = values.get('name') ?? '';
      if (name !== '' && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(name)) {
        return `name '${name}' is invalid, expected simple characters such as [cal-rack0, myname...]`;
      }
      return checkRegion(values.get('region'));
    },
  },
  {
    name: 'compression',
    description: 'enable server side compression of objects',
    multipleTargets: false,
    dynamic: true,
    hasEnable: false,
    fields: [
      field('enable', 'on|off', 'Enable or disable object compression', { default: 'off' }),
      field('allow_encryption', 'on|off', "enable 'encryption' along with compression", { default: 'off' }),
      field('extensions', 'csv', 'comma separated file extensions e.g. ".txt,.log,.csv"', {
        default: '.txt,.log,.csv,.json,.tar,.xml,.bin',
      }),
      field(
        'mime_types',
        'csv',
        'comma separated wildcard mime-types e.g. "text/*,application/json,application/xml"',
        {
          default: 'text/*,application/json,application/xml,binary/octet-stream',
        },
      ),
      COMMENT_FIELD,
    ],
  },
  {
    name: 'etcd',
    description: 'persist IAM assets externally to etcd',
    multipleTargets: false,
    dynamic: false,
    hasEnable: false,
    fields: [
      required('endpoints', 'csv', 'comma separated list of etcd endpoints e.g. "http://localhost:2379"'),
      field('path_prefix', 'path', 'namespace prefix to isolate tenants e.g. "customer1/"'),
      field('coredns_path', 'path', 'shared bucket DNS records, default is "/skydns"', {
        default: '/skydns',
      }),
      field('client_cert', 'path', 'client cert for mTLS authentication'),
      field('client_cert_key', 'path', 'client cert key for mTLS authentication'),
      COMMENT_FIELD,
    ],
    check: (values) => {
      for (const endpoint of (values.get('endpoints') ?? '').split(',')) {
        const trimmed = endpoint.trim();
        if (trimmed !== '' && !/^https?:\/\/[^/\s]+/.test(trimmed)) {
          return `unexpected scheme found in etcd endpoint '${trimmed}', expected http or https`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'cache',
    description: 'add caching storage tier',
    multipleTargets: false,
    dynamic: false,
    hasEnable: false,
    fields: [
      required('drives', 'csv', 'comma separated mountpoints e.g. "/optane1,/optane2"'),
      field('expiry', 'number', 'cache expiry duration in days e.g. "90"', { default: '90' }),
      field('quota', 'number', 'limit cache drive usage in percentage e.g. "90"', { default: '80' }),
      field('exclude', 'csv', 'exclude cache for following patterns e.g. "bucket/*.tmp,*.mp4"'),
      field('after', 'number', 'minimum number of access before caching an object', { default: '0' }),
      field('watermark_low', 'number', '% of cache use at which to stop cache eviction', { default: '70' }),
      field('watermark_high', 'number', '% of cache use at which to start cache eviction', { default: '80' }),
      field('range', 'on|off', 'set to "on" or "off" caching of independent range requests per object', {
        default: 'on',
      }),
      COMMENT_FIELD,
    ],
    check: (values) => {
      for (const drive of (values.get('drives') ?? '').split(',')) {
        const trimmed = drive.trim();
        if (trimmed !== '' && !trimmed.startsWith('/'))
          return `cache dir '${trimmed}' should be absolute path`;
      }
      const low = Number(values.get('watermark_low') ?? '70');
      const high = Number(values.get('watermark_high') ?? '80');
      if (low > high) return 'config max use watermark value should be greater than low watermark value';
      const quota = Number(values.get('quota') ?? '80');
      if (quota > 100) return 'config max use value should not be null or negative';
      return undefined;
    },
  },
  {
    name: 'identity_openid',
    description: 'enable OpenID SSO support',
    multipleTargets: true,
    dynamic: false,
    hasEnable: true,
    fields: [
      // MinIO: an identity provider acts once its address is set, unless `enable` says off.
      enableField(''),
      field('display_name', 'string', 'Friendly display name for this Provider/App'),
      required(
        'config_url',
        'url',
        'openid discovery document e.g. "https://accounts.google.com/.well-known/openid-configuration"',
        {
          schemes: ['http', 'https'],
        },
      ),
      required(
        'client_id',
        'string',
        'unique public identifier for apps e.g. "292085223830.apps.googleusercontent.com"',
      ),
      field('client_secret', 'string', 'secret for the unique public identifier for apps', { secret: true }),
      field(
        'role_policy',
        'string',
        'Set the IAM access policies applicable to this client application and IDP e.g. "app-bucket-write,app-bucket-list"',
      ),
      field('claim_name', 'string', 'JWT canned policy claim name', { default: 'policy' }),
      field(
        'claim_userinfo',
        'on|off',
        'Enable fetching claims from UserInfo Endpoint for authenticated user',
        {
          default: 'off',
        },
      ),
      field(
        'claim_prefix',
        'string',
        '[DEPRECATED use \'claim_name\'] JWT claim namespace prefix e.g. "customer1/"',
      ),
      field(
        'scopes',
        'csv',
        'Comma separated list of OpenID scopes for server, defaults to advertised scopes from discovery document e.g. "email,admin"',
      ),
      field(
        'redirect_uri',
        'url',
        "[DEPRECATED use env 'MINIO_BROWSER_REDIRECT_URL'] Configure custom redirect_uri for OpenID login flow callback",
      ),
      field('redirect_uri_dynamic', 'on|off', "Enable 'Host' header based dynamic redirect URI", {
        default: 'off',
      }),
      field(
        'vendor',
        'string',
        'Specify vendor type for vendor specific behavior to checking validity of temporary credentials and service accounts on MinIO',
      ),
      field(
        'keycloak_realm',
        'string',
        "Specify Keycloak 'realm' name, only honored if vendor was set to 'keycloak' as value",
      ),
      field(
        'keycloak_admin_url',
        'url',
        "Specify Keycloak 'admin' REST API endpoint e.g. http://localhost:8080/auth/admin/",
      ),
      COMMENT_FIELD,
    ],
    check: (values) => {
      if ((values.get('claim_name') ?? '') !== 'policy' && (values.get('role_policy') ?? '') !== '') {
        return (
          'Role Policy (=' +
          (values.get('role_policy') ?? '') +
          ') and Claim Name (=' +
          (values.get('claim_name') ?? '') +
          ') cannot both be set'
        );
      }
      return undefined;
    },
  },
  {
    name: 'identity_ldap',
    description: 'enable LDAP SSO support',
    multipleTargets: false,
    dynamic: false,
    hasEnable: true,
    fields: [
      enableField(''),
      required(
        'server_addr',
        'address',
        'AD/LDAP server address e.g. "myldap.com" or "myldapserver.com:636"',
      ),
      field(
        'srv_record_name',
        'string',
        'DNS SRV record name for LDAP service, if given, must be one of "ldap", "ldaps" or "on"',
      ),
      field('user_dn_search_base_dn', 'list', 'Base LDAP DN to search for user DN'),
      field('user_dn_search_filter', 'string', 'Search filter to lookup user DN'),
      field(
        'group_search_filter',
        'string',
        'search filter for groups e.g. "(&(objectclass=groupOfNames)(memberUid=%s))"',
      ),
      field(
        'group_search_base_dn',
        'list',
        '";" separated list of group search base DNs e.g. "dc=myldapserver,dc=com"',
      ),
      field(
        'lookup_bind_dn',
        'string',
        'DN for LDAP read-only service account used to perform DN and group lookups',
      ),
      field(
        'lookup_bind_password',
        'string',
        'Password for LDAP read-only service account used to perform DN and group lookups',
        {
          secret: true,
        },
      ),
      field(
        'tls_skip_verify',
        'on|off',
        'trust server TLS without verification, defaults to "off" (verify)',
        { default: 'off' },
      ),
      field('server_insecure', 'on|off', 'allow plain text connection to AD/LDAP server, defaults to "off"', {
        default: 'off',
      }),
      field('server_starttls', 'on|off', 'use StartTLS connection to AD/LDAP server, defaults to "off"', {
        default: 'off',
      }),
      // Older MinIO names, which the console's form still sends.
      field('username_format', 'list', 'DEPRECATED: ";" separated list of username bind DNs', {
        deprecated: true,
      }),
      field('username_search_filter', 'string', 'DEPRECATED: user search filter', { deprecated: true }),
      field('username_search_base_dn', 'list', 'DEPRECATED: user search base DN', { deprecated: true }),
      field('group_name_attribute', 'string', 'DEPRECATED: group name attribute', { deprecated: true }),
      field('sts_expiry', 'duration', 'DEPRECATED: temporary credentials validity duration', {
        deprecated: true,
      }),
      COMMENT_FIELD,
    ],
    check: (values) => {
      for (const key of ['user_dn_search_filter', 'username_search_filter', 'group_search_filter']) {
        const filter = values.get(key) ?? '';
        if (filter !== '' && !filter.includes('%s') && !filter.includes('%d')) {
          return `${key} '${filter}' must contain '%s' (replaced by the username)`;
        }
      }
      const srv = values.get('srv_record_name') ?? '';
      if (srv !== '' && !['ldap', 'ldaps', 'on'].includes(srv)) {
        return `Invalid SRV Record Name: "${srv}", must be one of "ldap", "ldaps" or "on"`;
      }
      return undefined;
    },
  },
  webhookLogger(
    'logger_webhook',
    'send server logs to webhook endpoints',
    'http://localhost:8080/minio/logs/server',
  ),
  webhookLogger(
    'audit_webhook',
    'send audit logs to webhook endpoints',
    'http://localhost:8080/minio/logs/audit',
  ),
];

/** Every sub-system, in the order help-config-kv lists them. */
export const SUBSYSTEMS: readonly SubsystemDef[] = [...CORE_SUBSYSTEMS, ...NOTIFY_SUBSYSTEMS];

const BY_NAME = new Map(SUBSYSTEMS.map((def) => [def.name, def]));

/** The definition of a sub-system, or undefined. */
export function subsystemDef(name: string): SubsystemDef | undefined {
  return BY_NAME.get(name);
}

/** A sub-system's key definition, or undefined. */
export function fieldDef(def: SubsystemDef, key: string): FieldDef | undefined {
  return def.fields.find((f) => f.key === key);
}
