/**
 * The Set Retention Policy form's rules, apart from its widgets (spec 2 §4, §5, §7, §9): the status
 * switch starts on when the version has a retention; type and date are disabled while the status
 * is off; once a mode is set the type is locked; Save is disabled while the status is on with no
 * type or no date, and while saving. Saving with the status on sends {expires: date + T23:59:59Z,
 * mode}; with it off, the retention is removed (the storage server allows that for governance only
 * and refuses it for compliance with its own message).
 */
import type { BucketObject, RetentionMode } from '../../../../shared/api/types.js';

export interface RetentionForm {
  enabled: boolean;
  mode: RetentionMode | '';
  /** YYYY-MM-DD, '' when none is chosen. */
  date: string;
}

export const RETENTION_MODES: readonly RetentionMode[] = ['governance', 'compliance'];

export function initialRetentionForm(version: BucketObject): RetentionForm {
  return {
    enabled: version.retention_mode !== undefined,
    mode: version.retention_mode ?? '',
    date: version.retention_until_date?.slice(0, 10) ?? '',
  };
}

/** Once the version has a retention mode, its type cannot be chosen again. */
export function retentionTypeLocked(version: BucketObject): boolean {
  return version.retention_mode !== undefined;
}

export function canSaveRetention(form: RetentionForm, saving: boolean): boolean {
  if (saving) return false;
  if (form.enabled && form.mode === '') return false;
  if (form.enabled && form.date === '') return false;
  return true;
}

/** Spec 2 §9: the retention date is stored as the chosen date plus T23:59:59Z. */
export function retentionExpires(date: string): string {
  return `${date}T23:59:59Z`;
}

/** What Save sends: the retention, or null to remove it. */
export function toRetention(form: RetentionForm): { mode: RetentionMode; expires: string } | null {
  if (!form.enabled || form.mode === '' || form.date === '') return null;
  return { mode: form.mode, expires: retentionExpires(form.date) };
}
