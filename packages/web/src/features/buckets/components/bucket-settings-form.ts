/**
 * The rules of the quota and retention fields, shared by Create Bucket and the Summary's Enable
 * Bucket Quota and Set Retention Configuration modals (spec 1 §4, §5, §9), free of React:
 * - defaults: quota type hard, size 1, unit TiB; retention mode compliance, validity 1, unit days;
 * - a quota size is at least 1 (and whole bytes); a retention validity a whole number of at least 1;
 * - the quota modal starts from the bucket's quota, shown in the largest binary unit that divides
 *   it evenly; the retention modal from the bucket's default retention; an enabled quota is sent in
 *   bytes, a disabled one clears it.
 */
import { largestEvenUnit, toBytes } from '../../../lib/units.js';
import type { SizeUnit } from '../../../lib/units.js';
import type {
  BucketQuota,
  BucketRetention,
  BucketRetentionResponse,
  QuotaType,
  RetentionMode,
  RetentionUnit,
  SetBucketQuotaRequest,
} from '../../../shared/api/types.js';

export const QUOTA_DEFAULTS = { quotaType: 'hard', quotaSize: '1', quotaUnit: 'TiB' } as const;
export const RETENTION_DEFAULTS = {
  retentionMode: 'compliance',
  retentionValidity: '1',
  retentionUnit: 'days',
} as const;

/** A number typed into a field that must be at least 1 (spec 1 §5). */
export function isAtLeastOne(text: string): boolean {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value >= 1;
}

/** A quota size: at least 1, and a whole number of bytes in its unit. */
export function isValidQuotaSize(size: string, unit: SizeUnit): boolean {
  return isAtLeastOne(size) && Number.isInteger(toBytes(Number(size), unit));
}

/** A retention validity: a whole number of at least 1. */
export function isValidRetentionValidity(text: string): boolean {
  return isAtLeastOne(text) && Number.isInteger(Number(text));
}

export interface QuotaForm {
  enabled: boolean;
  quotaType: QuotaType;
  quotaSize: string;
  quotaUnit: SizeUnit;
}

/** The quota modal's start: the bucket's quota when it has one, else the defaults, switched off. */
export function initialQuotaForm(current: BucketQuota | undefined): QuotaForm {
  if (current?.enabled !== true) return { enabled: false, ...QUOTA_DEFAULTS };
  const { amount, unit } = largestEvenUnit(current.quota);
  return { enabled: true, quotaType: current.type, quotaSize: String(amount), quotaUnit: unit };
}

export function isQuotaFormValid(form: QuotaForm): boolean {
  return !form.enabled || isValidQuotaSize(form.quotaSize, form.quotaUnit);
}

/** The quota in bytes, as the server takes it. */
export function quotaBytes(form: Pick<QuotaForm, 'quotaSize' | 'quotaUnit'>): number {
  return toBytes(Number(form.quotaSize), form.quotaUnit);
}

export function toSetBucketQuotaRequest(form: QuotaForm): SetBucketQuotaRequest {
  return { enabled: form.enabled, amount: form.enabled ? quotaBytes(form) : 0, quota_type: form.quotaType };
}

export interface RetentionForm {
  retentionMode: RetentionMode;
  retentionValidity: string;
  retentionUnit: RetentionUnit;
}

/** The retention modal's start: the bucket's default retention, else the defaults. */
export function initialRetentionForm(current: BucketRetentionResponse | undefined): RetentionForm {
  return {
    retentionMode: current?.mode ?? RETENTION_DEFAULTS.retentionMode,
    retentionValidity: current?.validity !== undefined ? String(current.validity) : '1',
    retentionUnit: current?.unit ?? RETENTION_DEFAULTS.retentionUnit,
  };
}

export function toBucketRetention(form: RetentionForm): BucketRetention {
  return {
    mode: form.retentionMode,
    unit: form.retentionUnit,
    validity: Number(form.retentionValidity),
  };
}
