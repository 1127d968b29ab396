/**
 * What the API server checks before it stores a write (its validation and defaulting, not an
 * admission webhook): names, the namespace's existence, secrets' `stringData` and `immutable`,
 * service cluster IPs, and Tenants against the operator's CRD schema (`tenant-schema.ts`).
 * Returns the object to store and any warnings; throws the `Status` a real server would answer.
 */
import { randomInt } from 'node:crypto';
import type { ResourceType } from './resources.js';
import {
  ApiError,
  badRequest,
  fieldForbidden,
  fieldInvalid,
  invalid,
  notFound,
  required,
  type StatusCause,
} from './status.js';
import type { KubeObject, ObjectStore } from './store.js';
import { checkTenant, type CrdFlavour } from './tenant-schema.js';
import { RESOURCES } from './resources.js';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const NAMESPACE_TYPE = RESOURCES.find((r) => r.plural === 'namespaces') as ResourceType;

function nameCauses(type: ResourceType, name: unknown): StatusCause[] {
  if (typeof name !== 'string' || name === '') return [required('metadata.name')];
  const label = type.plural === 'namespaces' || type.plural === 'services';
  const ok = label
    ? DNS_LABEL.test(name) && name.length <= 63
    : DNS_SUBDOMAIN.test(name) && name.length <= 253;
  if (ok) return [];
  const why = label
    ? "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character"
    : "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
  return [fieldInvalid('metadata.name', name, why)];
}

function encodeStringData(obj: KubeObject): void {
  const stringData = obj.stringData as Record<string, string> | undefined;
  if (stringData === undefined) return;
  const data = { ...((obj.data as Record<string, string> | undefined) ?? {}) };
  for (const [k, v] of Object.entries(stringData))
    data[k] = Buffer.from(String(v), 'utf8').toString('base64');
  obj.data = data;
  delete obj.stringData;
}

export interface Admitted {
  object: KubeObject;
  warnings: string[];
}

export interface AdmissionOptions {
  flavour: CrdFlavour;
  /** `fieldValidation=Strict`: unknown fields are an error, not a warning. */
  strict: boolean;
}

export function admit(
  store: ObjectStore,
  type: ResourceType,
  obj: KubeObject,
  old: KubeObject | undefined,
  options: AdmissionOptions,
): Admitted {
  const name = obj.metadata.name;
  const causes = nameCauses(type, name);
  const warnings: string[] = [];
  if (causes.length > 0) throw invalid(type, String(name ?? ''), causes);
  if (type.namespaced && old === undefined) {
    const ns = obj.metadata.namespace ?? '';
    if (store.get(NAMESPACE_TYPE, undefined, ns) === undefined) throw notFound(NAMESPACE_TYPE, ns);
  }
  switch (type.plural) {
    case 'secrets':
      encodeStringData(obj);
      obj.type ??= 'Opaque';
      if (old !== undefined && old.immutable === true) {
        if (JSON.stringify(old.data ?? {}) !== JSON.stringify(obj.data ?? {})) {
          causes.push(fieldForbidden('data', 'field is immutable when `immutable` is set'));
        }
        if (obj.immutable !== true)
          causes.push(fieldForbidden('immutable', 'field is immutable when `immutable` is set'));
      }
      break;
    case 'directcsidrives': {
      // direct-csi's validating webhook: no format request on a drive that is unavailable or in use.
      const requested = (obj.spec as { requestedFormat?: unknown } | undefined)?.requestedFormat;
      const state = (old?.status as { driveStatus?: string } | undefined)?.driveStatus;
      if (requested != null && (state === 'Unavailable' || state === 'InUse')) {
        throw new ApiError(
          403,
          'Forbidden',
          `admission webhook "validatedrive.direct.csi.min.io" denied the request: drive ${name} is ${state}; it cannot be formatted`,
        );
      }
      break;
    }
    case 'services': {
      const spec = (obj.spec ?? {}) as Record<string, unknown>;
      obj.spec = spec;
      spec.type ??= 'ClusterIP';
      const oldSpec = (old?.spec ?? {}) as Record<string, unknown>;
      if (spec.clusterIP === undefined || spec.clusterIP === '') {
        spec.clusterIP = oldSpec.clusterIP ?? `10.96.${randomInt(0, 255)}.${randomInt(1, 254)}`;
      }
      spec.clusterIPs = [spec.clusterIP];
      break;
    }
    case 'namespaces':
      obj.spec ??= { finalizers: ['kubernetes'] };
      obj.status ??= { phase: 'Active' };
      obj.metadata.labels = { ...obj.metadata.labels, 'kubernetes.io/metadata.name': name };
      break;
    case 'tenants': {
      const check = checkTenant(obj, options.flavour, old);
      causes.push(...check.causes);
      if (check.unknown.length > 0) {
        if (options.strict) {
          throw badRequest(
            `strict decoding error: ${check.unknown.map((f) => `unknown field "${f}"`).join(', ')}`,
          );
        } else warnings.push(...check.unknown.map((f) => `unknown field "${f}"`));
      }
      break;
    }
    default:
      break;
  }
  if (causes.length > 0) throw invalid(type, name, causes);
  return { object: obj, warnings };
}
