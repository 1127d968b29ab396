/**
 * Discovery documents (`/version`, `/api`, `/apis`, `/api/v1`, `/apis/<group>/<version>`) in the
 * legacy `APIVersions` / `APIGroupList` / `APIResourceList` forms; kubectl asks for aggregated
 * discovery first and falls back to these when the answer is plain JSON. `/openapi/v2` and
 * `/openapi/v3` are served as empty documents so kubectl's client-side validation can load them.
 */
import { RESOURCES, groupVersions, verbsOf } from './resources.js';

export const KUBE_VERSION = {
  major: '1',
  minor: '32',
  gitVersion: 'v1.32.0-coffer-sim',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2026-11-29T00:00:00Z',
  goVersion: 'go1.23.0',
  compiler: 'gc',
  platform: 'linux/amd64',
};

export function apiVersions(serverAddress: string): unknown {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

export function apiGroupList(): unknown {
  const groups = new Map<string, string[]>();
  for (const { group, version } of groupVersions()) {
    if (group === '') continue;
    groups.set(group, [...(groups.get(group) ?? []), version]);
  }
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: [...groups.entries()].map(([name, versions]) => ({
      name,
      versions: versions.map((v) => ({ groupVersion: `${name}/${v}`, version: v })),
      preferredVersion: { groupVersion: `${name}/${versions[0]}`, version: versions[0] },
    })),
  };
}

/** The `APIGroup` of one group (`GET /apis/<group>`), or undefined when the group is not served. */
export function apiGroup(name: string): unknown {
  const versions = groupVersions().filter((g) => g.group === name && name !== '');
  if (versions.length === 0) return undefined;
  return {
    kind: 'APIGroup',
    apiVersion: 'v1',
    name,
    versions: versions.map((v) => ({ groupVersion: `${name}/${v.version}`, version: v.version })),
    preferredVersion: { groupVersion: `${name}/${versions[0]?.version}`, version: versions[0]?.version },
  };
}

export function apiResourceList(group: string, version: string): unknown {
  const types = RESOURCES.filter((r) => r.group === group && r.version === version);
  if (types.length === 0) return undefined;
  const resources: unknown[] = [];
  for (const r of types) {
    resources.push({
      name: r.plural,
      singularName: r.singular,
      namespaced: r.namespaced,
      kind: r.kind,
      verbs: verbsOf(r),
      ...(r.shortNames === undefined ? {} : { shortNames: r.shortNames }),
      ...(r.custom ? { categories: ['all'] } : {}),
    });
    if (r.status) {
      resources.push({
        name: `${r.plural}/status`,
        singularName: '',
        namespaced: r.namespaced,
        kind: r.kind,
        verbs: ['get', 'patch', 'update'],
      });
    }
    for (const sub of r.subresources ?? []) {
      resources.push({
        name: `${r.plural}/${sub.name}`,
        singularName: '',
        namespaced: r.namespaced,
        kind: sub.kind,
        verbs: sub.verbs,
      });
    }
  }
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: group === '' ? version : `${group}/${version}`,
    resources,
  };
}

/**
 * `/openapi/v3`: the root lists each group-version's document. kubectl reads them only to learn
 * whether the server validates fields itself (a `fieldValidation` parameter on the PATCH of the
 * kind); finding it, kubectl sends `fieldValidation=Strict` and skips client-side schemas.
 */
export function openApiV3Root(): unknown {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const { group, version } of groupVersions()) {
    const gv = group === '' ? `api/${version}` : `apis/${group}/${version}`;
    paths[gv] = { serverRelativeURL: `/openapi/v3/${gv}?hash=coffer-sim` };
  }
  return { paths };
}

export function openApiV3GroupVersion(group: string, version: string): unknown {
  const types = RESOURCES.filter((r) => r.group === group && r.version === version);
  if (types.length === 0) return undefined;
  const prefix = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
  const paths: Record<string, unknown> = {};
  for (const r of types) {
    const gvk = { group, version, kind: r.kind };
    const params = [
      { name: 'fieldValidation', in: 'query', schema: { type: 'string', uniqueItems: true } },
      { name: 'dryRun', in: 'query', schema: { type: 'string', uniqueItems: true } },
    ];
    const at = r.namespaced ? `${prefix}/namespaces/{namespace}/${r.plural}` : `${prefix}/${r.plural}`;
    const op = {
      'x-kubernetes-group-version-kind': gvk,
      'x-kubernetes-action': 'patch',
      parameters: params,
      responses: {},
    };
    paths[`${at}/{name}`] = { patch: op, put: { ...op, 'x-kubernetes-action': 'put' } };
    paths[at] = { post: { ...op, 'x-kubernetes-action': 'post' } };
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: KUBE_VERSION.gitVersion },
    paths,
    components: { schemas: {} },
  };
}
