/**
 * Errors of the remote tiers (MinIO `cmd/tier-handlers.go`, `cmd/tier.go` and madmin's decoding
 * errors; codes and messages in `http/errors.ts`), raised by the tier registry and the admin
 * handlers over it.
 */
import { defineError } from '../common/errors.js';

/** XMinioAdminTierAlreadyExists, 409. */
export class TierAlreadyExists extends defineError('TierAlreadyExists') {}
/** XMinioAdminTierNotFound, 404. */
export class TierNotFound extends defineError('TierNotFound') {}
/** XMinioAdminTierNameNotUpperCase, 400. */
export class TierNameNotUppercase extends defineError('TierNameNotUppercase') {}
/** XMinioAdminTierReserved, 400: STANDARD and REDUCED_REDUNDANCY. */
export class TierReserved extends defineError('TierReserved') {}
/** XMinioAdminTierInvalidConfig, 400. */
export class TierInvalidConfig extends defineError('TierInvalidConfig') {}
/** XMinioAdminTierInvalidConfigVersion, 400. */
export class TierInvalidConfigVersion extends defineError('TierInvalidConfigVersion') {}
/** XMinioAdminTierTypeUnsupported, 400. */
export class TierTypeUnsupported extends defineError('TierTypeUnsupported') {}
/** XMinioAdminTierMissingCredentials, 400. */
export class TierMissingCredentials extends defineError('TierMissingCredentials') {}
/** XMinioAdminTierBackendInUse, 409: the remote bucket/prefix already holds objects. */
export class TierBackendInUse extends defineError('TierBackendInUse') {}
/** XMinioAdminTierBackendNotEmpty, 400: removing a tier that still holds transitioned objects. */
export class TierBackendNotEmpty extends defineError('TierBackendNotEmpty') {}
/** XMinioAdminTierBucketNotFound, 400. */
export class TierBucketNotFound extends defineError('TierBucketNotFound') {}
/** XMinioAdminTierInvalidCredentials, 400. */
export class TierInvalidCredentials extends defineError('TierInvalidCredentials') {}
/** XMinioBackendDown, 400 (MinIO's code for an unreachable remote tier). */
export class TierBackendDown extends defineError('TierBackendDown') {}
