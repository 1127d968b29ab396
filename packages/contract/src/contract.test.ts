import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  API,
  CreateBucketRequestSchema,
  DeleteObjectsRequestSchema,
  ERROR_CODES,
  ErrorResponseSchema,
  HasPermissionRequestSchema,
  ListObjectsQuerySchema,
  LoginRequestSchema,
  CreateGroupRequestSchema,
  CreateUserRequestSchema,
  SavePolicyRequestSchema,
  SetPolicyRequestSchema,
  UpdateGroupRequestSchema,
  apiPath,
  ENDPOINTS,
  PAGES,
  STREAMS,
  STREAM_ENDPOINTS,
  WS_PREFIX,
  pageById,
  renderErrorCatalogue,
} from './index.js';

describe('error catalogue', () => {
  it('ERRORS.md is the rendered catalogue', () => {
    const doc = readFileSync(new URL('../ERRORS.md', import.meta.url), 'utf8');
    expect(doc).toBe(renderErrorCatalogue());
  });

  it('uses error statuses only', () => {
    for (const { status } of Object.values(ERROR_CODES)) expect(status).toBeGreaterThanOrEqual(400);
  });

  it('accepts the spec error shape, with or without a code', () => {
    expect(ErrorResponseSchema.parse({ message: 'm', detailedMessage: 'd' })).toEqual({
      message: 'm',
      detailedMessage: 'd',
    });
    expect(() =>
      ErrorResponseSchema.parse({ code: 'no_such_code', message: 'm', detailedMessage: '' }),
    ).toThrow();
  });
});

describe('request schemas', () => {
  it('login needs both keys', () => {
    expect(LoginRequestSchema.safeParse({ accessKey: 'a', secretKey: 's' }).success).toBe(true);
    expect(LoginRequestSchema.safeParse({ accessKey: 'a', secretKey: '' }).success).toBe(false);
    expect(LoginRequestSchema.safeParse({ accessKey: 'a' }).success).toBe(false);
  });

  it('create bucket: defaults and the spec fields', () => {
    expect(CreateBucketRequestSchema.parse({ name: 'b' })).toEqual({
      name: 'b',
      versioning: false,
      locking: false,
    });
    const full = {
      name: 'b',
      versioning: true,
      locking: true,
      quota: { enabled: true, quota_type: 'hard', amount: 1099511627776 },
      retention: { mode: 'compliance', unit: 'days', validity: 1 },
    };
    expect(CreateBucketRequestSchema.parse(full)).toEqual(full);
    expect(
      CreateBucketRequestSchema.safeParse({
        ...full,
        retention: { mode: 'compliance', unit: 'days', validity: 0 },
      }).success,
    ).toBe(false);
    expect(
      CreateBucketRequestSchema.safeParse({
        ...full,
        quota: { enabled: true, quota_type: 'soft', amount: 1 },
      }).success,
    ).toBe(false);
  });

  it('object listing query: string flags and bounded pages', () => {
    expect(ListObjectsQuerySchema.parse({})).toEqual({
      prefix: '',
      with_versions: false,
      with_metadata: false,
      recursive: false,
      limit: 1000,
    });
    expect(ListObjectsQuerySchema.parse({ with_versions: 'true', limit: '50', prefix: 'a/' })).toMatchObject({
      with_versions: true,
      limit: 50,
      prefix: 'a/',
    });
    expect(ListObjectsQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(ListObjectsQuerySchema.safeParse({ limit: '1001' }).success).toBe(false);
  });

  it('delete-objects is the spec list of {path, versionID, recursive}', () => {
    expect(
      DeleteObjectsRequestSchema.parse([
        { path: 'a/', recursive: true },
        { path: 'b', versionID: 'v1' },
      ]),
    ).toEqual([
      { path: 'a/', recursive: true },
      { path: 'b', versionID: 'v1', recursive: false },
    ]);
    expect(DeleteObjectsRequestSchema.safeParse([]).success).toBe(false);
  });

  it('has-permission takes spec actions', () => {
    expect(
      HasPermissionRequestSchema.safeParse({ actions: [{ id: 'c', action: 's3:CreateBucket' }] }).success,
    ).toBe(true);
    expect(HasPermissionRequestSchema.safeParse({ actions: [{ id: 'c' }] }).success).toBe(false);
  });
});

describe('IAM request schemas', () => {
  it('policy names are trimmed and must not be blank (spec 2 §5)', () => {
    expect(SavePolicyRequestSchema.parse({ name: '  team ', policy: '{}' })).toEqual({
      name: 'team',
      policy: '{}',
    });
    expect(SavePolicyRequestSchema.safeParse({ name: '   ', policy: '{}' }).success).toBe(false);
  });

  it('create user: groups and policies default to none; the secret length is the server’s check', () => {
    expect(CreateUserRequestSchema.parse({ accessKey: 'a', secretKey: 'short' })).toEqual({
      accessKey: 'a',
      secretKey: 'short',
      groups: [],
      policies: [],
    });
    expect(CreateUserRequestSchema.safeParse({ accessKey: '', secretKey: 'x' }).success).toBe(false);
  });

  it('groups: a blank name is refused; edits carry members and status', () => {
    expect(CreateGroupRequestSchema.safeParse({ group: ' ' }).success).toBe(false);
    expect(CreateGroupRequestSchema.parse({ group: 'g' })).toEqual({ group: 'g', members: [] });
    expect(UpdateGroupRequestSchema.safeParse({ members: [], status: 'on' }).success).toBe(false);
  });

  it('set-policy names the entity type user or group', () => {
    expect(SetPolicyRequestSchema.safeParse({ entityName: 'u', entityType: 'user' }).success).toBe(true);
    expect(SetPolicyRequestSchema.safeParse({ entityName: 'u', entityType: 'role' }).success).toBe(false);
  });
});

describe('route table', () => {
  it('has unique method + path pairs under /api/v1', () => {
    const keys = Object.values(API).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of Object.values(API)) expect(r.path.startsWith('/api/v1/')).toBe(true);
  });

  it('every schema converts to JSON Schema (what the OpenAPI document is made of)', () => {
    for (const route of Object.values(API)) {
      const schemas = [
        ...('params' in route ? [route.params] : []),
        ...('querystring' in route ? [route.querystring] : []),
        ...('body' in route ? [route.body] : []),
        ...Object.values(route.response),
      ];
      for (const schema of schemas)
        expect(() => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })).not.toThrow();
    }
  });

  it('apiPath fills and encodes parameters', () => {
    expect(apiPath(API.getBucketVersioning.path, { bucket: 'my bucket' })).toBe(
      '/api/v1/buckets/my%20bucket/versioning',
    );
    expect(() => apiPath(API.deleteBucket.path)).toThrow(/missing parameter bucket/);
  });
});

describe('route table composition', () => {
  it('composes every area once: no entry name is shadowed by another area', async () => {
    const areas = await Promise.all([
      import('./routes/session-routes.js').then((m) => m.SESSION_ROUTES),
      import('./routes/bucket-routes.js').then((m) => m.BUCKET_ROUTES),
      import('./routes/bucket-encryption-routes.js').then((m) => m.BUCKET_ENCRYPTION_ROUTES),
      import('./routes/object-routes.js').then((m) => m.OBJECT_ROUTES),
      import('./routes/object-details-routes.js').then((m) => m.OBJECT_DETAILS_ROUTES),
      import('./routes/object-upload-routes.js').then((m) => m.OBJECT_UPLOAD_ROUTES),
      import('./routes/policy-routes.js').then((m) => m.POLICY_ROUTES),
      import('./routes/user-routes.js').then((m) => m.USER_ROUTES),
      import('./routes/group-routes.js').then((m) => m.GROUP_ROUTES),
      import('./routes/account-routes.js').then((m) => m.ACCOUNT_ROUTES),
      import('./routes/object-share-routes.js').then((m) => m.OBJECT_SHARE_ROUTES),
      import('./routes/object-rewind-routes.js').then((m) => m.OBJECT_REWIND_ROUTES),
      import('./routes/object-bulk-routes.js').then((m) => m.OBJECT_BULK_ROUTES),
      import('./routes/settings-routes.js').then((m) => m.SETTINGS_ROUTES),
      import('./routes/bucket-event-routes.js').then((m) => m.BUCKET_EVENT_ROUTES),
      import('./routes/log-routes.js').then((m) => m.LOG_ROUTES),
      import('./routes/dashboard-routes.js').then((m) => m.DASHBOARD_ROUTES),
      import('./routes/replication-lifecycle-routes.js').then((m) => m.REPLICATION_LIFECYCLE_ROUTES),
      import('./routes/subscription-routes.js').then((m) => m.SUBSCRIPTION_ROUTES),
      import('./routes/tenant-routes.js').then((m) => m.TENANT_ROUTES),
      import('./routes/operator-storage-routes.js').then((m) => m.OPERATOR_STORAGE_ROUTES),
    ]);
    const names = areas.flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(Object.keys(API).sort());
  });

  it("the browser's endpoint table is the route table's name, method and path", () => {
    const projected = Object.fromEntries(
      Object.entries(API).map(([name, route]) => [name, { name, method: route.method, path: route.path }]),
    );
    expect(ENDPOINTS).toEqual(projected);
    const keys = Object.values(API).map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('page catalogue', () => {
  it('ids are the paths without their leading slash, each once', () => {
    for (const page of PAGES) expect(`/${page.id}`).toBe(page.path);
    expect(new Set(PAGES.map((p) => p.id)).size).toBe(PAGES.length);
  });

  it('finds a page by id', () => {
    expect(pageById('health-info')).toMatchObject({ path: '/health-info', label: 'Diagnostics' });
  });
});

describe('live sockets (STREAMS)', () => {
  it('are all below /ws, with distinct paths, and STREAM_ENDPOINTS names each by its key', () => {
    const paths = Object.values(STREAMS).map((s) => s.path);
    expect(paths.every((p) => p.startsWith(`${WS_PREFIX}/`))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
    for (const [name, endpoint] of Object.entries(STREAM_ENDPOINTS)) {
      expect(endpoint.name).toBe(name);
      expect(endpoint.path).toBe(STREAMS[name as keyof typeof STREAMS].path);
    }
  });

  it('read query text as the spec sends it', () => {
    expect(STREAMS.heal.querystring.parse({ recursive: 'true', 'force-start': 'false' })).toEqual({
      prefix: '',
      recursive: true,
      'force-start': false,
      'force-stop': false,
    });
    expect(STREAMS.healthInfo.querystring.parse({})).toEqual({ deadline: '1h' });
    expect(() => STREAMS.healthInfo.querystring.parse({ deadline: 'soon' })).toThrow();
    expect(STREAMS.trace.querystring.parse({ threshold: '20' })).toMatchObject({
      threshold: 20,
      calls: 's3',
    });
  });
});
