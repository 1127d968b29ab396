/**
 * The Create Bucket form's state and rules (spec 1 §4, §5, §9), kept free of React so each rule is
 * unit-tested:
 * - defaults: versioning and locking off; quota type hard, size 1, unit TiB; retention compliance,
 *   validity 1, unit days;
 * - retention is offered only with versioning on; turning it on forces locking on (and the locking
 *   switch is disabled meanwhile); turning versioning off, or retention off, resets its values;
 * - valid when the (debounced) name is not blank and keeps the bucket naming rules
 *   (bucket-name-rules.ts), an enabled quota has a size of at least 1 and an
 *   enabled retention a validity of at least 1 (the field rules of bucket-settings-form.ts);
 * - in non-erasure-coded mode versioning, locking and retention are sent as false / absent, and no
 *   quota is sent; more finely, each feature the server does not offer (`CreateFeatures`, from the
 *   session's capabilities: a plain S3 server has versioning and locking but no quota) is not sent.
 */
import type { SizeUnit } from '../../../lib/units.js';
import type { CreateBucketRequest, QuotaType, RetentionMode, RetentionUnit } from '../api/create-bucket.js';
import { bucketNameProblem } from './bucket-name-rules.js';
import {
  QUOTA_DEFAULTS,
  RETENTION_DEFAULTS,
  isValidQuotaSize,
  isValidRetentionValidity,
  quotaBytes,
  toBucketRetention,
} from './bucket-settings-form.js';

/** Which of the form's features the server offers; `true`/`false` stands for all or none. */
export interface CreateFeatures {
  versioning: boolean;
  locking: boolean;
  quota: boolean;
}

function featuresOf(offered: boolean | CreateFeatures): CreateFeatures {
  return typeof offered === 'boolean' ? { versioning: offered, locking: offered, quota: offered } : offered;
}

export interface CreateBucketForm {
  name: string;
  versioning: boolean;
  locking: boolean;
  quotaEnabled: boolean;
  quotaType: QuotaType;
  quotaSize: string;
  quotaUnit: SizeUnit;
  retentionEnabled: boolean;
  retentionMode: RetentionMode;
  retentionValidity: string;
  retentionUnit: RetentionUnit;
}

export const DEFAULT_CREATE_BUCKET_FORM: CreateBucketForm = {
  name: '',
  versioning: false,
  locking: false,
  quotaEnabled: false,
  ...QUOTA_DEFAULTS,
  retentionEnabled: false,
  ...RETENTION_DEFAULTS,
};

type DetailField =
  'quotaType' | 'quotaSize' | 'quotaUnit' | 'retentionMode' | 'retentionValidity' | 'retentionUnit';

export type CreateBucketAction =
  | { type: 'name'; value: string }
  | { type: 'versioning'; value: boolean }
  | { type: 'locking'; value: boolean }
  | { type: 'quotaEnabled'; value: boolean }
  | { type: 'retentionEnabled'; value: boolean }
  /** Quota or retention details (type, size, unit; mode, validity, unit): no rule ties them. */
  | { type: 'details'; value: Partial<Pick<CreateBucketForm, DetailField>> }
  | { type: 'clear' };

export function createBucketReducer(form: CreateBucketForm, action: CreateBucketAction): CreateBucketForm {
  switch (action.type) {
    case 'clear':
      return DEFAULT_CREATE_BUCKET_FORM;
    case 'versioning':
      // Versioning off takes retention with it and resets its values.
      return action.value
        ? { ...form, versioning: true }
        : { ...form, versioning: false, retentionEnabled: false, ...RETENTION_DEFAULTS };
    case 'locking':
      // While retention is on, locking stays on.
      return form.retentionEnabled ? form : { ...form, locking: action.value };
    case 'retentionEnabled':
      if (action.value) return form.versioning ? { ...form, retentionEnabled: true, locking: true } : form;
      return { ...form, retentionEnabled: false, ...RETENTION_DEFAULTS };
    case 'details':
      return { ...form, ...action.value };
    default:
      return { ...form, [action.type]: action.value };
  }
}

/** Whether Save may be pressed; `debouncedName` is the name as it stood 1000 ms after the last key. */
export function isCreateBucketFormValid(
  form: CreateBucketForm,
  debouncedName: string,
  offered: boolean | CreateFeatures,
): boolean {
  const features = featuresOf(offered);
  if (debouncedName.trim() === '' || debouncedName !== form.name) return false;
  if (bucketNameProblem(form.name.trim()) !== null) return false;
  if (features.quota && form.quotaEnabled && !isValidQuotaSize(form.quotaSize, form.quotaUnit)) return false;
  return !(
    retentionOffered(features) &&
    form.retentionEnabled &&
    !isValidRetentionValidity(form.retentionValidity)
  );
}

/** Default retention is an object-lock setting on a versioned bucket: it needs both. */
export function retentionOffered(features: CreateFeatures): boolean {
  return features.versioning && features.locking;
}

/** The request body for a valid form. */
export function toCreateBucketRequest(
  form: CreateBucketForm,
  offered: boolean | CreateFeatures,
): CreateBucketRequest {
  const features = featuresOf(offered);
  const request: CreateBucketRequest = {
    name: form.name.trim(),
    versioning: features.versioning && form.versioning,
    locking: features.locking && form.locking,
  };
  if (features.quota && form.quotaEnabled) {
    request.quota = { enabled: true, quota_type: form.quotaType, amount: quotaBytes(form) };
  }
  if (retentionOffered(features) && form.versioning && form.retentionEnabled) {
    request.retention = toBucketRetention(form);
  }
  return request;
}
