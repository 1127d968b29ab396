/**
 * PATCH bodies by content type: JSON Patch (RFC 6902), JSON Merge Patch (RFC 7386) and the
 * strategic merge patch of built-in resources, applied here as a merge patch except that lists of
 * objects with a `name` merge by name (how the console's patches of containers, env, ports and
 * volumes behave on a real server). A body of the wrong shape for its type is a 400, as on a real
 * server (an object sent as json-patch, the client's default content type, is the classic case).
 */
import { badRequest } from './status.js';

type Json = unknown;
type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export function mergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const out: Obj = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/** Strategic merge, simplified: objects merge; lists of named objects merge by `name`; `$patch: delete` removes. */
export function strategicMerge(target: Json, patch: Json): Json {
  if (
    Array.isArray(patch) &&
    Array.isArray(target) &&
    patch.every((e) => isObject(e) && typeof e.name === 'string')
  ) {
    const out = target.map((e) => e as Json);
    for (const item of patch as Obj[]) {
      const at = out.findIndex((e) => isObject(e) && e.name === item.name);
      if (item.$patch === 'delete') {
        if (at >= 0) out.splice(at, 1);
      } else if (at >= 0) out[at] = strategicMerge(out[at], item);
      else out.push(item);
    }
    return out;
  }
  if (!isObject(patch)) return patch;
  const out: Obj = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith('$')) continue;
    if (v === null) delete out[k];
    else out[k] = strategicMerge(out[k], v);
  }
  return out;
}

/** RFC 6901 pointer → path segments. */
function pointer(path: unknown): string[] {
  if (typeof path !== 'string' || (path !== '' && !path.startsWith('/')))
    throw badRequest(`invalid JSON pointer "${String(path)}"`);
  return path === ''
    ? []
    : path
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function getAt(doc: Json, segs: string[]): Json {
  let cur: Json = doc;
  for (const s of segs) {
    if (Array.isArray(cur)) cur = cur[Number(s)];
    else if (isObject(cur)) cur = cur[s];
    else return undefined;
  }
  return cur;
}

function parentOf(
  doc: Json,
  segs: string[],
  op: string,
  path: string,
): { parent: Obj | Json[]; key: string } {
  const parent = getAt(doc, segs.slice(0, -1));
  if (!isObject(parent) && !Array.isArray(parent))
    throw badRequest(`jsonpatch ${op} operation does not apply: doc is missing path: "${path}"`);
  return { parent, key: segs[segs.length - 1] ?? '' };
}

function remove(doc: Json, segs: string[], path: string): Json {
  const { parent, key } = parentOf(doc, segs, 'remove', path);
  if (Array.isArray(parent)) {
    const i = Number(key);
    if (!Number.isInteger(i) || i < 0 || i >= parent.length)
      throw badRequest(`jsonpatch remove operation does not apply: doc is missing path: "${path}"`);
    return parent.splice(i, 1)[0];
  }
  if (!(key in parent))
    throw badRequest(`jsonpatch remove operation does not apply: doc is missing path: "${path}"`);
  const value = parent[key];
  delete parent[key];
  return value;
}

function add(doc: Json, segs: string[], value: Json, path: string): Json {
  if (segs.length === 0) return value;
  const { parent, key } = parentOf(doc, segs, 'add', path);
  if (Array.isArray(parent)) {
    const i = key === '-' ? parent.length : Number(key);
    if (!Number.isInteger(i) || i < 0 || i > parent.length)
      throw badRequest(`jsonpatch add operation does not apply: doc is missing path: "${path}"`);
    parent.splice(i, 0, value);
  } else parent[key] = value;
  return doc;
}

export function jsonPatch(target: Json, ops: Json): Json {
  if (!Array.isArray(ops)) {
    throw badRequest('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  }
  let doc: Json = structuredClone(target);
  for (const raw of ops) {
    if (!isObject(raw)) throw badRequest('json: cannot unmarshal into Go value of type jsonpatch.Operation');
    const op = raw.op;
    const path = String(raw.path);
    const segs = pointer(raw.path);
    switch (op) {
      case 'add':
        doc = add(doc, segs, structuredClone(raw.value), path);
        break;
      case 'remove':
        remove(doc, segs, path);
        break;
      case 'replace':
        if (getAt(doc, segs) === undefined)
          throw badRequest(`jsonpatch replace operation does not apply: doc is missing key: ${path}`);
        if (segs.length === 0) doc = structuredClone(raw.value);
        else {
          remove(doc, segs, path);
          doc = add(doc, segs, structuredClone(raw.value), path);
        }
        break;
      case 'move':
      case 'copy': {
        const fromSegs = pointer(raw.from);
        const value =
          op === 'move' ? remove(doc, fromSegs, String(raw.from)) : structuredClone(getAt(doc, fromSegs));
        if (value === undefined)
          throw badRequest(
            `jsonpatch ${op} operation does not apply: doc is missing from path: ${String(raw.from)}`,
          );
        doc = add(doc, segs, value, path);
        break;
      }
      case 'test':
        if (JSON.stringify(getAt(doc, segs)) !== JSON.stringify(raw.value))
          throw badRequest(`testing value ${path} failed: test failed`);
        break;
      default:
        throw badRequest(`Unexpected kind: ${String(op)}`);
    }
  }
  return doc;
}
