/**
 * Label and field selectors as the API server parses them: labels support `=`, `==`, `!=`, `in`,
 * `notin`, existence (`key`) and absence (`!key`); fields support `=`, `==`, `!=` on the fields a
 * resource allows (metadata.name/namespace everywhere, plus a few per resource). A malformed
 * selector or an unsupported field is a 400, as on a real server.
 */
import { badRequest } from './status.js';

type Obj = Record<string, unknown>;
export type Matcher = (obj: Obj) => boolean;

/** Split on commas that are not inside parentheses (`a in (x,y),b`). */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

const LABEL_KEY = /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const LABEL_VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$/;

function checkKey(key: string, selector: string): void {
  if (!LABEL_KEY.test(key) || key.length > 316)
    throw badRequest(`unable to parse requirement: invalid label key "${key}" in selector "${selector}"`);
}
function checkValue(value: string, selector: string): void {
  if (!LABEL_VALUE.test(value) || value.length > 63)
    throw badRequest(`unable to parse requirement: invalid label value "${value}" in selector "${selector}"`);
}

function labelsOf(obj: Obj): Record<string, string> {
  const meta = (obj.metadata ?? {}) as { labels?: Record<string, string> };
  return meta.labels ?? {};
}

export function parseLabelSelector(selector: string | undefined): Matcher {
  if (selector === undefined || selector.trim() === '') return () => true;
  const tests: Matcher[] = splitTop(selector).map((req) => {
    let m = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(req);
    if (m !== null) {
      const [, key, op, list] = m as unknown as [string, string, string, string];
      checkKey(key, selector);
      const values = list.split(',').map((v) => v.trim());
      values.forEach((v) => checkValue(v, selector));
      return op === 'in'
        ? (o) => {
            const l = labelsOf(o);
            return key in l && values.includes(l[key] ?? '');
          }
        : (o) => {
            const l = labelsOf(o);
            return !(key in l) || !values.includes(l[key] ?? '');
          };
    }
    m = /^([^!=\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(req);
    if (m !== null) {
      const [, key, op, value] = m as unknown as [string, string, string, string];
      checkKey(key, selector);
      checkValue(value, selector);
      return op === '!=' ? (o) => labelsOf(o)[key] !== value : (o) => labelsOf(o)[key] === value;
    }
    m = /^(!?)\s*([^!=\s()]+)$/.exec(req);
    if (m !== null) {
      const [, not, key] = m as unknown as [string, string, string];
      checkKey(key, selector);
      return not === '!' ? (o) => !(key in labelsOf(o)) : (o) => key in labelsOf(o);
    }
    throw badRequest(`unable to parse requirement: found '${req}', expected: identifier`);
  });
  return (obj) => tests.every((t) => t(obj));
}

/** Fields each resource accepts in a field selector beyond metadata.name and metadata.namespace. */
const EXTRA_FIELDS: Record<string, string[]> = {
  pods: [
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.schedulerName',
    'spec.serviceAccountName',
    'status.phase',
    'status.podIP',
  ],
  events: [
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
  ],
  secrets: ['type'],
  namespaces: ['status.phase'],
  nodes: ['spec.unschedulable'],
  persistentvolumes: [],
};

function fieldValue(obj: Obj, path: string): string {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return '';
    cur = (cur as Obj)[part];
  }
  if (path === 'source') cur = ((obj.source ?? {}) as Obj).component;
  if (cur === undefined || cur === null) return '';
  return String(cur);
}

export function parseFieldSelector(selector: string | undefined, plural: string): Matcher {
  if (selector === undefined || selector.trim() === '') return () => true;
  const allowed = ['metadata.name', 'metadata.namespace', ...(EXTRA_FIELDS[plural] ?? [])];
  const tests: Matcher[] = splitTop(selector).map((req) => {
    const m = /^([^!=\s]+)\s*(==|=|!=)\s*(.*)$/.exec(req);
    if (m === null) throw badRequest(`invalid selector: '${selector}'; can't understand '${req}'`);
    const [, field, op, value] = m as unknown as [string, string, string, string];
    if (!allowed.includes(field)) {
      throw badRequest(`field label not supported: ${field}`);
    }
    return op === '!=' ? (o) => fieldValue(o, field) !== value : (o) => fieldValue(o, field) === value;
  });
  return (obj) => tests.every((t) => t(obj));
}
