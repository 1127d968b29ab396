/**
 * The verbs on stored resources with a real API server's semantics: create (201, generateName,
 * 409 AlreadyExists), get, list (label and field selectors, `limit` + `continue`), update (a stale
 * resourceVersion is a 409 Conflict; custom resources must carry one; the status subresource and
 * the main resource each change only their part), patch (JSON Patch, merge patch, strategic merge
 * for built-in kinds only; a resourceVersion in the patch is a precondition), delete and
 * deletecollection. Writes pass `admission.ts` first; a namespace's deletion removes what it holds.
 */
import { randomBytes } from 'node:crypto';
import { admit, type AdmissionOptions } from './admission.js';
import { jsonPatch, mergePatch, strategicMerge } from './patch.js';
import { RESOURCES, apiVersionOf, type ResourceType } from './resources.js';
import { parseFieldSelector, parseLabelSelector } from './selectors.js';
import { alreadyExists, badRequest, conflict, invalid, notFound, unsupportedMediaType } from './status.js';
import type { KubeObject, ObjectStore } from './store.js';

export interface ListOptions {
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
  continue?: string;
}

/** The `fieldValidation` query parameter: Strict fails on unknown fields, Warn (default) warns, Ignore is silent. */
export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export interface WriteResult {
  object: KubeObject;
  warnings: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function generatedName(prefix: string): string {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  const bytes = randomBytes(5);
  return prefix + [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

export class Rest {
  constructor(
    readonly store: ObjectStore,
    private readonly options: () => AdmissionOptions,
  ) {}

  private asObject(type: ResourceType, body: unknown): KubeObject {
    if (!isObject(body)) throw badRequest(`the body of the request was not a ${type.kind} object`);
    const obj = structuredClone(body) as KubeObject;
    if (!isObject(obj.metadata)) obj.metadata = { name: '' };
    if (obj.kind !== undefined && obj.kind !== type.kind) {
      throw badRequest(
        `the API version in the data (${String(obj.apiVersion)}) does not match the expected API version (${apiVersionOf(type)})`,
      );
    }
    return obj;
  }

  get(type: ResourceType, ns: string | undefined, name: string): KubeObject {
    const obj = this.store.get(type, ns, name);
    if (obj === undefined) throw notFound(type, name);
    return obj;
  }

  list(
    type: ResourceType,
    ns: string | undefined,
    options: ListOptions = {},
  ): { items: KubeObject[]; continue?: string; remaining?: number } {
    const labels = parseLabelSelector(options.labelSelector);
    const fields = parseFieldSelector(options.fieldSelector, type.plural);
    let items = this.store.list(type, ns).filter((o) => labels(o) && fields(o));
    if (options.continue !== undefined && options.continue !== '') {
      let after: string;
      try {
        after = Buffer.from(options.continue, 'base64url').toString('utf8');
      } catch {
        throw badRequest('continue key is not valid');
      }
      items = items.filter((o) => `${o.metadata.namespace ?? ''}/${o.metadata.name}` > after);
    }
    if (options.limit !== undefined && options.limit > 0 && items.length > options.limit) {
      const page = items.slice(0, options.limit);
      const last = page[page.length - 1] as KubeObject;
      return {
        items: page,
        continue: Buffer.from(`${last.metadata.namespace ?? ''}/${last.metadata.name}`).toString('base64url'),
        remaining: items.length - page.length,
      };
    }
    return { items };
  }

  private admitWith(
    type: ResourceType,
    obj: KubeObject,
    old: KubeObject | undefined,
    validation: FieldValidation,
  ) {
    const admitted = admit(this.store, type, obj, old, {
      ...this.options(),
      strict: validation === 'Strict',
    });
    return validation === 'Ignore' ? { ...admitted, warnings: [] } : admitted;
  }

  create(
    type: ResourceType,
    ns: string | undefined,
    body: unknown,
    validation: FieldValidation = 'Warn',
  ): WriteResult {
    const obj = this.asObject(type, body);
    const meta = obj.metadata;
    if (type.namespaced) {
      if (meta.namespace !== undefined && meta.namespace !== '' && meta.namespace !== ns) {
        throw badRequest(
          'the namespace of the provided object does not match the namespace sent on the request',
        );
      }
      meta.namespace = ns;
    }
    if ((meta.name === undefined || meta.name === '') && typeof meta.generateName === 'string') {
      meta.name = generatedName(meta.generateName);
    }
    delete meta.resourceVersion;
    delete meta.uid;
    delete meta.managedFields;
    if (type.status && type.plural !== 'namespaces') delete obj.status;
    const admitted = this.admitWith(type, obj, undefined, validation);
    if (this.store.get(type, ns, meta.name) !== undefined) throw alreadyExists(type, meta.name);
    return { object: this.store.insert(type, admitted.object), warnings: admitted.warnings };
  }

  /** PUT of the main resource (`subresource` undefined) or of `/status`. */
  update(
    type: ResourceType,
    ns: string | undefined,
    name: string,
    body: unknown,
    subresource?: string,
    validation: FieldValidation = 'Warn',
  ): WriteResult {
    const obj = this.asObject(type, body);
    if (obj.metadata.name !== undefined && obj.metadata.name !== '' && obj.metadata.name !== name) {
      throw badRequest(
        `the name of the object (${obj.metadata.name}) does not match the name on the URL (${name})`,
      );
    }
    obj.metadata.name = name;
    if (type.namespaced) obj.metadata.namespace = ns;
    const old = this.store.get(type, ns, name);
    if (old === undefined) throw notFound(type, name);
    const rv = obj.metadata.resourceVersion;
    if (rv === undefined || rv === '') {
      if (type.custom) {
        throw invalid(type, name, [
          {
            reason: 'FieldValueInvalid',
            message: 'Invalid value: 0x0: must be specified for an update',
            field: 'metadata.resourceVersion',
          },
        ]);
      }
    } else if (rv !== old.metadata.resourceVersion) throw conflict(type, name);
    return this.write(type, old, obj, subresource, validation);
  }

  /** Store `next` in place of `old`, keeping what the addressed part must not change. */
  private write(
    type: ResourceType,
    old: KubeObject,
    next: KubeObject,
    subresource: string | undefined,
    validation: FieldValidation,
  ): WriteResult {
    let merged: KubeObject;
    if (subresource === 'status') {
      merged = { ...old, status: next.status };
    } else {
      merged = next;
      if (type.status) merged.status = old.status;
    }
    merged.metadata = {
      ...merged.metadata,
      uid: old.metadata.uid,
      creationTimestamp: old.metadata.creationTimestamp,
    };
    if (subresource === 'status') merged.metadata = old.metadata;
    const admitted = this.admitWith(type, merged, old, validation);
    return { object: this.store.replace(type, admitted.object), warnings: admitted.warnings };
  }

  patch(
    type: ResourceType,
    ns: string | undefined,
    name: string,
    contentType: string,
    body: unknown,
    subresource?: string,
    validation: FieldValidation = 'Warn',
  ): WriteResult {
    const old = this.store.get(type, ns, name);
    if (old === undefined) throw notFound(type, name);
    const media = contentType.split(';')[0]?.trim() ?? '';
    let patched: unknown;
    switch (media) {
      case 'application/json-patch+json':
        patched = jsonPatch(old, body);
        break;
      case 'application/merge-patch+json':
        if (!isObject(body)) throw badRequest('the body of a merge patch must be a JSON object');
        patched = mergePatch(old, body);
        break;
      case 'application/strategic-merge-patch+json':
        if (type.custom) throw unsupportedMediaType(media);
        if (!isObject(body)) throw badRequest('the body of a strategic merge patch must be a JSON object');
        patched = strategicMerge(old, body);
        break;
      default:
        throw unsupportedMediaType(media);
    }
    if (!isObject(patched)) throw badRequest('the patch did not produce an object');
    const next = patched as KubeObject;
    if (!isObject(next.metadata)) throw badRequest('the patch removed metadata');
    if (next.metadata.name !== name) throw badRequest('the patch changed metadata.name');
    const rv = next.metadata.resourceVersion;
    if (rv !== undefined && rv !== old.metadata.resourceVersion) throw conflict(type, name);
    return this.write(type, old, next, subresource, validation);
  }

  delete(
    type: ResourceType,
    ns: string | undefined,
    name: string,
    precondition?: { resourceVersion?: string; uid?: string },
  ): KubeObject {
    const old = this.store.get(type, ns, name);
    if (old === undefined) throw notFound(type, name);
    if (
      precondition?.resourceVersion !== undefined &&
      precondition.resourceVersion !== old.metadata.resourceVersion
    ) {
      throw conflict(type, name);
    }
    if (precondition?.uid !== undefined && precondition.uid !== old.metadata.uid) throw conflict(type, name);
    if (type.plural === 'namespaces') this.emptyNamespace(name);
    return this.store.remove(type, ns, name) ?? old;
  }

  deleteCollection(type: ResourceType, ns: string | undefined, options: ListOptions): KubeObject[] {
    const { items } = this.list(type, ns, {
      labelSelector: options.labelSelector,
      fieldSelector: options.fieldSelector,
    });
    return items.map((o) => this.delete(type, o.metadata.namespace, o.metadata.name));
  }

  /** Everything a namespace holds goes with it (namespaced custom resources first, as their controllers clean up after them). */
  private emptyNamespace(ns: string): void {
    const order = [...RESOURCES]
      .filter((r) => r.namespaced && !r.createOnly)
      .sort((a, b) => Number(b.custom ?? false) - Number(a.custom ?? false));
    for (const type of order) {
      for (const obj of this.store.list(type, ns)) this.store.remove(type, ns, obj.metadata.name);
    }
  }
}
