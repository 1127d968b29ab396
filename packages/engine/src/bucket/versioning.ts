/**
 * The `?versioning` document (wire doc §5.3): `<VersioningConfiguration><Status>Enabled|Suspended
 * </Status>` plus MinIO's extensions `<ExcludedPrefixes><Prefix>…</Prefix></ExcludedPrefixes>` (at
 * most 10) and `<ExcludeFolders>true</ExcludeFolders>`, both only with Enabled. MFA delete is not
 * supported.
 */
import type { XmlObject } from '../common/xml.js';
import { asArray, parseXml } from '../common/xml.js';
import { InvalidArgument, MalformedXML, NotImplemented } from '../common/errors.js';
import { InvalidBucketState } from '../object-layer/errors.js';

export interface VersioningConfig {
  status: 'Enabled' | 'Suspended';
  excludedPrefixes: string[];
  excludeFolders: boolean;
}

const MAX_EXCLUDED_PREFIXES = 10;

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Parse a PUT ?versioning body; MalformedXML / InvalidArgument / NotImplemented on bad input. */
export function parseVersioningConfiguration(xml: string): VersioningConfig {
  const doc = parseXml(xml);
  const root = doc.VersioningConfiguration;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) throw new MalformedXML();
  const fields = root as Record<string, unknown>;
  const status = text(fields.Status)?.trim();
  if (status !== 'Enabled' && status !== 'Suspended') throw new MalformedXML();
  if (text(fields.MFADelete)?.trim() === 'Enabled') {
    throw new NotImplemented('MFA delete is not supported.');
  }
  const excludedPrefixes: string[] = [];
  for (const entry of asArray(fields.ExcludedPrefixes)) {
    if (entry === null || typeof entry !== 'object') continue;
    for (const prefix of asArray((entry as Record<string, unknown>).Prefix)) {
      const p = text(prefix);
      if (p !== undefined && p !== '') excludedPrefixes.push(p);
    }
  }
  const excludeFolders = text(fields.ExcludeFolders)?.trim() === 'true';
  if (status !== 'Enabled' && (excludedPrefixes.length > 0 || excludeFolders)) {
    throw new InvalidArgument(
      'ExcludedPrefixes and ExcludeFolders can only be used with Enabled versioning.',
    );
  }
  if (excludedPrefixes.length > MAX_EXCLUDED_PREFIXES) {
    throw new InvalidArgument(`At most ${MAX_EXCLUDED_PREFIXES} excluded prefixes are allowed.`);
  }
  return { status, excludedPrefixes, excludeFolders };
}

/** AWS's message (and older MinIO's) when a lock bucket's versioning would be weakened. */
export const LOCKED_VERSIONING_MESSAGE =
  'An Object Lock configuration is present on this bucket, so the versioning state cannot be changed.';

/**
 * May a bucket take `config`? A bucket with object lock must keep every object versioned: neither
 * Suspended nor MinIO's excluded prefixes / folders (whose objects would get overwritable null
 * versions) — 409 InvalidBucketState, as S3 and MinIO refuse it. Enabled is always accepted.
 */
export function checkVersioningChange(
  config: VersioningConfig,
  objectLockEnabled: boolean,
  bucket: string,
): void {
  if (!objectLockEnabled) return;
  const unversionsSome = config.excludedPrefixes.length > 0 || config.excludeFolders;
  if (config.status === 'Suspended' || unversionsSome) {
    throw new InvalidBucketState(LOCKED_VERSIONING_MESSAGE, { bucket });
  }
}

/** The GET ?versioning document body (children of VersioningConfiguration); empty when never set. */
export function versioningDocument(config: VersioningConfig | undefined): XmlObject {
  if (config === undefined) return {};
  const out: XmlObject = { Status: config.status };
  if (config.status === 'Enabled') {
    if (config.excludedPrefixes.length > 0)
      out.ExcludedPrefixes = config.excludedPrefixes.map((p) => ({ Prefix: p }));
    if (config.excludeFolders) out.ExcludeFolders = true;
  }
  return out;
}
