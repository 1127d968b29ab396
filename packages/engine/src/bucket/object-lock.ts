/**
 * Object lock (WORM): the bucket's `?object-lock` configuration with its default retention, the
 * per-version retention (mode + retain-until date) and legal hold, and the rules that protect a
 * locked version (wire doc §5.3; MinIO `internal/bucket/object/lock` and `cmd/bucket-object-lock.go`).
 *
 * Design: everything here is pure — documents and headers in, values or `EngineError`s out, with
 * the clock (`now`, ms since the epoch) and the caller's permissions (`may`) passed in — so the
 * handlers stay thin and the rules are unit-tested without a server. A version's lock state lives
 * in `ObjectInfo.internal` under the header names MinIO keeps in its metadata
 * (`x-amz-object-lock-mode`, `x-amz-object-lock-retain-until-date`, `x-amz-object-lock-legal-hold`);
 * the object layer stores it opaquely and the delete guard (`DeleteObjectOptions.guard`) consults
 * it atomically under the object's lock.
 *
 * Rules (MinIO's, which follow S3):
 * - lock headers, `?retention` and `?legal-hold` need a bucket created with object lock
 *   (else 400 InvalidRequest "Bucket is missing ObjectLockConfiguration");
 * - a new version without retention headers gets the bucket's default retention, if any;
 * - a version under legal hold, or under a retention whose date has not passed, cannot be deleted;
 *   GOVERNANCE yields to `x-amz-bypass-governance-retention: true` from a caller allowed
 *   `s3:BypassGovernanceRetention` (else 403 AccessDenied); COMPLIANCE yields to nobody;
 * - an active retention can be extended but not shortened, nor its mode changed (GOVERNANCE can,
 *   with the bypass); an expired one can be replaced freely. Deleting a key without a version id
 *   only adds a delete marker, which is always allowed.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { asArray, parseXml, toXml, type XmlObject } from '../common/xml.js';
import { InvalidBucketObjectLockConfiguration, ObjectLocked } from './errors.js';
import { AccessDenied, InvalidRequest, MalformedXML } from '../common/errors.js';
import type { BucketMetadata, ObjectInfo } from '../object-layer/types.js';

export type RetentionMode = 'GOVERNANCE' | 'COMPLIANCE';
export type LegalHoldStatus = 'ON' | 'OFF';

/** Keys of `ObjectInfo.internal` (and the request/response header names). */
export const LOCK_MODE_KEY = 'x-amz-object-lock-mode';
export const LOCK_UNTIL_KEY = 'x-amz-object-lock-retain-until-date';
export const LOCK_LEGAL_HOLD_KEY = 'x-amz-object-lock-legal-hold';
export const BYPASS_GOVERNANCE_HEADER = 'x-amz-bypass-governance-retention';

/** S3's (and MinIO's) largest default retention periods. */
export const MAX_RETENTION_DAYS = 36_500;
export const MAX_RETENTION_YEARS = 100;

/** MinIO's messages for the InvalidRequest cases (`cmd/api-errors.go`). */
export const LOCK_MESSAGES = {
  bothHeaders: 'x-amz-object-lock-retain-until-date and x-amz-object-lock-mode must both be supplied',
  unknownMode: 'unknown wormMode directive',
  badDate: 'Date must be provided in ISO 8601 format',
  pastDate: 'the retain until date must be in the future',
  notLockBucket: 'Object Lock configuration cannot be enabled on existing buckets',
} as const;

export interface DefaultRetention {
  mode: RetentionMode;
  /** Exactly one of days / years. */
  days?: number;
  years?: number;
}

export interface ObjectLockConfig {
  defaultRetention?: DefaultRetention;
}

/** A version's lock state as stored in `internal`. */
export interface LockState {
  mode?: RetentionMode;
  retainUntil?: Date;
  legalHold?: LegalHoldStatus;
}

/** A requested retention (PUT ?retention); both absent means "remove the retention". */
export interface RetentionRequest {
  mode?: RetentionMode;
  retainUntil?: Date;
}

type Where = { bucket?: string; key?: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** An element's text (undefined when absent; an element repeated or with children is malformed). */
function textOf(parent: Record<string, unknown>, name: string, where?: Where): string | undefined {
  const v = parent[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new MalformedXML(`${name} must be a single text element.`, where);
  return v.trim();
}

/** `GOVERNANCE` / `COMPLIANCE`, case-insensitively as MinIO reads headers; undefined otherwise. */
export function parseRetentionMode(value: string): RetentionMode | undefined {
  const v = value.trim().toUpperCase();
  return v === 'GOVERNANCE' || v === 'COMPLIANCE' ? v : undefined;
}

export function parseLegalHoldStatus(value: string): LegalHoldStatus | undefined {
  const v = value.trim().toUpperCase();
  return v === 'ON' || v === 'OFF' ? v : undefined;
}

const ISO_8601 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An ISO 8601 / RFC 3339 date-time as S3 clients send it (`2030-01-01T00:00:00Z`, with optional
 * fraction and offset); undefined when it is not one.
 */
export function parseIsoDate(text: string): Date | undefined {
  const m = ISO_8601.exec(text.trim());
  if (m === null) return undefined;
  // Date.parse understands at most milliseconds: cut a longer fraction (nanoseconds from Go).
  const fraction = m[2] !== undefined ? m[2].slice(0, 4) : '';
  const ms = Date.parse(`${m[1]}${fraction}${m[3]}`);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** ISO 8601 with milliseconds, as MinIO formats retain-until dates (`amztime.ISO8601Format`). */
export function formatLockDate(date: Date): string {
  return date.toISOString();
}

function positiveInt(text: string, name: string, max: number, where?: Where): number {
  if (!/^\d{1,10}$/.test(text)) {
    throw new MalformedXML(`Default retention period must be a positive integer value for '${name}'`, where);
  }
  const n = Number(text);
  if (n === 0) {
    throw new MalformedXML(`Default retention period must be a positive integer value for '${name}'`, where);
  }
  if (n > max) throw new MalformedXML(`Default retention period too large for '${name}' ${n}`, where);
  return n;
}

/**
 * Parse a PUT ?object-lock body: `ObjectLockEnabled` must be `Enabled`; an optional
 * `Rule/DefaultRetention` has a mode and exactly one of Days (1..36500) / Years (1..100).
 * Anything else is MalformedXML with MinIO's explanation.
 */
export function parseObjectLockConfiguration(xml: string, where?: Where): ObjectLockConfig {
  const doc = parseXml(xml);
  const root = doc.ObjectLockConfiguration;
  if (!isRecord(root)) throw new MalformedXML(undefined, where);
  if (textOf(root, 'ObjectLockEnabled', where) !== 'Enabled') {
    throw new MalformedXML("only 'Enabled' value is allowed to ObjectLockEnabled element", where);
  }
  const rules = asArray(root.Rule);
  if (rules.length === 0 || (rules.length === 1 && rules[0] === '')) return {};
  const rule = rules[0];
  if (rules.length > 1 || !isRecord(rule)) throw new MalformedXML(undefined, where);
  const retention = rule.DefaultRetention;
  if (!isRecord(retention)) throw new MalformedXML('DefaultRetention is required in a Rule', where);
  const modeText = textOf(retention, 'Mode', where) ?? '';
  // The XML is case-sensitive: GOVERNANCE or COMPLIANCE exactly.
  if (modeText !== 'GOVERNANCE' && modeText !== 'COMPLIANCE') {
    throw new MalformedXML(`unknown retention mode ${modeText}`, where);
  }
  const days = textOf(retention, 'Days', where);
  const years = textOf(retention, 'Years', where);
  if (days === undefined && years === undefined) {
    throw new MalformedXML('either Days or Years must be specified', where);
  }
  if (days !== undefined && years !== undefined) {
    throw new MalformedXML('either Days or Years must be specified, not both', where);
  }
  const out: DefaultRetention = { mode: modeText };
  if (days !== undefined) out.days = positiveInt(days, 'Days', MAX_RETENTION_DAYS, where);
  else if (years !== undefined) out.years = positiveInt(years, 'Years', MAX_RETENTION_YEARS, where);
  return { defaultRetention: out };
}

/** The body of GetObjectLockConfiguration for a configuration (also what PUT stores). */
export function objectLockConfigurationXml(config: ObjectLockConfig): string {
  const body: XmlObject = { ObjectLockEnabled: 'Enabled' };
  const r = config.defaultRetention;
  if (r !== undefined) {
    const retention: XmlObject = { Mode: r.mode };
    if (r.days !== undefined) retention.Days = r.days;
    if (r.years !== undefined) retention.Years = r.years;
    body.Rule = { DefaultRetention: retention };
  }
  return toXml('ObjectLockConfiguration', body);
}

/** Retain-until date of the default retention for a version written at `now` (calendar arithmetic, UTC). */
export function defaultRetainUntil(rule: DefaultRetention, now: number): Date {
  const d = new Date(now);
  if (rule.days !== undefined) d.setUTCDate(d.getUTCDate() + rule.days);
  if (rule.years !== undefined) d.setUTCFullYear(d.getUTCFullYear() + rule.years);
  return d;
}

/**
 * Parse a PUT ?retention body: `<Retention><Mode/><RetainUntilDate/></Retention>`. Mode and date
 * come together (MalformedXML otherwise); both absent asks to remove the retention. The date must
 * be ISO 8601 and in the future.
 */
export function parseRetention(xml: string, now: number, where?: Where): RetentionRequest {
  const doc = parseXml(xml);
  const root = doc.Retention;
  // `<Retention/>`: no mode, no date.
  if (root === '') return {};
  if (!isRecord(root)) throw new MalformedXML(undefined, where);
  const modeText = textOf(root, 'Mode', where) ?? '';
  const dateText = textOf(root, 'RetainUntilDate', where) ?? '';
  let mode: RetentionMode | undefined;
  if (modeText !== '') {
    mode = modeText === 'GOVERNANCE' || modeText === 'COMPLIANCE' ? modeText : undefined;
    if (mode === undefined) throw new InvalidRequest(LOCK_MESSAGES.unknownMode, where);
  }
  let retainUntil: Date | undefined;
  if (dateText !== '') {
    retainUntil = parseIsoDate(dateText);
    if (retainUntil === undefined) throw new InvalidRequest(LOCK_MESSAGES.badDate, where);
  }
  if ((mode === undefined) !== (retainUntil === undefined)) throw new MalformedXML(undefined, where);
  if (retainUntil !== undefined && retainUntil.getTime() < now) {
    throw new InvalidRequest(LOCK_MESSAGES.pastDate, where);
  }
  const out: RetentionRequest = {};
  if (mode !== undefined) out.mode = mode;
  if (retainUntil !== undefined) out.retainUntil = retainUntil;
  return out;
}

/** Parse a PUT ?legal-hold body: `<LegalHold><Status>ON|OFF</Status></LegalHold>`. */
export function parseLegalHold(xml: string, where?: Where): LegalHoldStatus {
  const doc = parseXml(xml);
  const root = doc.LegalHold;
  if (!isRecord(root)) throw new MalformedXML(undefined, where);
  const status = textOf(root, 'Status', where);
  if (status !== 'ON' && status !== 'OFF') throw new MalformedXML(undefined, where);
  return status;
}

/** The lock state stored with a version. */
export function lockStateOf(internal: Record<string, string>): LockState {
  const state: LockState = {};
  const mode = internal[LOCK_MODE_KEY];
  const until = internal[LOCK_UNTIL_KEY];
  if (mode !== undefined && until !== undefined) {
    const m = parseRetentionMode(mode);
    const d = parseIsoDate(until);
    if (m !== undefined && d !== undefined) {
      state.mode = m;
      state.retainUntil = d;
    }
  }
  const hold = internal[LOCK_LEGAL_HOLD_KEY];
  if (hold !== undefined) {
    const h = parseLegalHoldStatus(hold);
    if (h !== undefined) state.legalHold = h;
  }
  return state;
}

/** Write a retention into `internal` (both absent removes it). */
export function setRetention(internal: Record<string, string>, retention: RetentionRequest): void {
  if (retention.mode !== undefined && retention.retainUntil !== undefined) {
    internal[LOCK_MODE_KEY] = retention.mode;
    internal[LOCK_UNTIL_KEY] = formatLockDate(retention.retainUntil);
  } else {
    delete internal[LOCK_MODE_KEY];
    delete internal[LOCK_UNTIL_KEY];
  }
}

export function setLegalHold(internal: Record<string, string>, status: LegalHoldStatus): void {
  internal[LOCK_LEGAL_HOLD_KEY] = status;
}

/** Response headers of GET/HEAD for a version's lock state (none when it has none). */
export function lockResponseHeaders(internal: Record<string, string>): Record<string, string> {
  const state = lockStateOf(internal);
  const out: Record<string, string> = {};
  if (state.mode !== undefined && state.retainUntil !== undefined) {
    out[LOCK_MODE_KEY] = state.mode;
    out[LOCK_UNTIL_KEY] = formatLockDate(state.retainUntil);
  }
  if (state.legalHold !== undefined) out[LOCK_LEGAL_HOLD_KEY] = state.legalHold;
  return out;
}

function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

/** `x-amz-bypass-governance-retention: true` (case-insensitive, as MinIO compares it). */
export function bypassGovernanceRequested(headers: IncomingHttpHeaders): boolean {
  return single(headers, BYPASS_GOVERNANCE_HEADER)?.trim().toLowerCase() === 'true';
}

export interface UploadLockOptions {
  /** ms since the epoch. */
  now: number;
  /** The bucket's object-lock configuration (`BucketMetadataService`), for its default retention. */
  lockConfig: ObjectLockConfig | undefined;
  /** May the caller perform this IAM action on the object (s3:PutObjectRetention / s3:PutObjectLegalHold)? */
  may: (action: string) => boolean;
  where?: Where;
}

/**
 * The lock fields a new version gets (PutObject, CopyObject, POST, CreateMultipartUpload): from the
 * `x-amz-object-lock-*` headers, else the bucket's default retention. Lock headers on a bucket
 * without object lock are refused, as are half a retention (mode without date or the reverse), an
 * unknown mode or hold status, a malformed or past date, and headers the caller may not set.
 */
export function lockFieldsForUpload(
  headers: IncomingHttpHeaders,
  meta: BucketMetadata,
  options: UploadLockOptions,
): Record<string, string> {
  const { where } = options;
  const modeHeader = single(headers, LOCK_MODE_KEY);
  const untilHeader = single(headers, LOCK_UNTIL_KEY);
  const holdHeader = single(headers, LOCK_LEGAL_HOLD_KEY);
  const retentionRequested = modeHeader !== undefined || untilHeader !== undefined;
  const holdRequested = holdHeader !== undefined;
  if (!meta.objectLockEnabled) {
    if (retentionRequested || holdRequested) throw new InvalidBucketObjectLockConfiguration(undefined, where);
    return {};
  }
  const fields: Record<string, string> = {};
  if (holdRequested) {
    const status = parseLegalHoldStatus(holdHeader);
    if (status === undefined) throw new InvalidRequest(LOCK_MESSAGES.unknownMode, where);
    if (!options.may('s3:PutObjectLegalHold')) throw new AccessDenied('Access Denied.', where);
    setLegalHold(fields, status);
  }
  if (retentionRequested) {
    if (
      modeHeader === undefined ||
      modeHeader.trim() === '' ||
      untilHeader === undefined ||
      untilHeader.trim() === ''
    ) {
      throw new InvalidRequest(LOCK_MESSAGES.bothHeaders, where);
    }
    const mode = parseRetentionMode(modeHeader);
    if (mode === undefined) throw new InvalidRequest(LOCK_MESSAGES.unknownMode, where);
    const retainUntil = parseIsoDate(untilHeader);
    if (retainUntil === undefined) throw new InvalidRequest(LOCK_MESSAGES.badDate, where);
    if (retainUntil.getTime() < options.now) throw new InvalidRequest(LOCK_MESSAGES.pastDate, where);
    if (!options.may('s3:PutObjectRetention')) throw new AccessDenied('Access Denied.', where);
    setRetention(fields, { mode, retainUntil });
    return fields;
  }
  const rule = options.lockConfig?.defaultRetention;
  if (rule !== undefined) {
    setRetention(fields, { mode: rule.mode, retainUntil: defaultRetainUntil(rule, options.now) });
  }
  return fields;
}

export interface LockOverride {
  /** `x-amz-bypass-governance-retention: true` was sent. */
  bypassGovernance: boolean;
  /** May the caller bypass GOVERNANCE (s3:BypassGovernanceRetention)? Asked only when needed. */
  mayBypass: () => boolean;
  /** ms since the epoch. */
  now: number;
}

function active(
  state: LockState,
  now: number,
): state is LockState & { mode: RetentionMode; retainUntil: Date } {
  return state.mode !== undefined && state.retainUntil !== undefined && state.retainUntil.getTime() >= now;
}

/**
 * Is `target` kept by object lock from every delete without a governance bypass (legal hold ON,
 * or a retention of either mode not yet expired)? Background removals (FIFO quota) never bypass,
 * so they skip such versions. Delete markers are never protected.
 */
export function isDeleteProtected(target: ObjectInfo, now: number): boolean {
  if (target.deleteMarker) return false;
  const state = lockStateOf(target.internal);
  return state.legalHold === 'ON' || active(state, now);
}

/**
 * The delete guard: throws ObjectLocked when `target` (the version about to be removed) is under
 * legal hold or an unexpired retention, AccessDenied when GOVERNANCE would be bypassed by a caller
 * without the permission. Delete markers are never protected.
 */
export function checkDeleteAllowed(target: ObjectInfo, override: LockOverride): void {
  if (target.deleteMarker) return;
  const where = { bucket: target.bucket, key: target.key };
  const state = lockStateOf(target.internal);
  if (state.legalHold === 'ON') throw new ObjectLocked(undefined, where);
  if (!active(state, override.now)) return;
  if (state.mode === 'COMPLIANCE') throw new ObjectLocked(undefined, where);
  if (!override.bypassGovernance) throw new ObjectLocked(undefined, where);
  if (!override.mayBypass()) throw new AccessDenied('Access Denied.', where);
}

/**
 * May a version's retention become `next`? An expired (or absent) retention may be replaced or
 * removed; an active COMPLIANCE one only kept or extended in COMPLIANCE; an active GOVERNANCE one
 * only kept or extended in GOVERNANCE, unless the bypass is requested (and allowed).
 */
export function checkRetentionChange(
  current: LockState,
  next: RetentionRequest,
  override: LockOverride,
  where?: Where,
): void {
  if (!active(current, override.now)) return;
  const extends_ =
    next.mode === current.mode &&
    next.retainUntil !== undefined &&
    next.retainUntil.getTime() >= current.retainUntil.getTime();
  if (current.mode === 'COMPLIANCE') {
    if (!extends_) throw new ObjectLocked(undefined, where);
    return;
  }
  if (override.bypassGovernance) {
    if (!override.mayBypass()) throw new AccessDenied('Access Denied.', where);
    return;
  }
  if (!extends_) throw new ObjectLocked(undefined, where);
}
