/**
 * IAM errors raised by the IAM system and the admin handlers; answered as admin JSON with MinIO's
 * codes (wire doc §6.2), and the credential errors the IAM lookup raises for S3 requests.
 */
import { defineError } from '../common/errors.js';

/** XMinioAdminNoSuchUser, 404. */
export class AdminNoSuchUser extends defineError('AdminNoSuchUser') {}
/** XMinioAdminNoSuchGroup, 404. */
export class AdminNoSuchGroup extends defineError('AdminNoSuchGroup') {}
/** XMinioAdminNoSuchPolicy, 404. */
export class AdminNoSuchPolicy extends defineError('AdminNoSuchPolicy') {}
/** XMinioAdminGroupNotEmpty, 400: a group is deleted only once it has no members. */
export class AdminGroupNotEmpty extends defineError('AdminGroupNotEmpty') {}
/** XMinioInvalidIAMCredentials, 404: a service account that does not exist (or is someone else's). */
export class AdminServiceAccountNotFound extends defineError('AdminServiceAccountNotFound') {}
/** XMinioInvalidIAMCredentials, 403: root's key used as a user, or a user call aimed at STS/service keys. */
export class AdminInvalidIamCredentials extends defineError('AdminInvalidIamCredentials') {}
/** XMinioInvalidResource, 400: an empty name or one with leading/trailing spaces. */
export class AdminInvalidResourceName extends defineError('AdminInvalidResourceName') {}
/** XMinioIAMActionNotAllowed, 403: e.g. changing one's own status, built-in policies. */
export class IamActionNotAllowed extends defineError('IamActionNotAllowed') {}
/** XMinioMalformedIAMPolicy, 400: a policy document that does not parse or validate. */
export class MalformedIamPolicy extends defineError('MalformedIamPolicy') {}
/** MalformedPolicy, 400: a policy without Version. */
export class PolicyMissingVersion extends defineError('PolicyMissingVersion') {}
/** PolicyInvalidName, 400: a policy name with a comma. */
export class PolicyInvalidName extends defineError('PolicyInvalidName') {}
/** XMinioIAMPolicyInUse, 400: removing a policy still attached to a user or group. */
export class IamPolicyInUse extends defineError('IamPolicyInUse') {}
/** XMinioAdminPolicyChangeAlreadyApplied, 400: attach/detach that changes nothing. */
export class AdminPolicyChangeAlreadyApplied extends defineError('AdminPolicyChangeAlreadyApplied') {}
/** XMinioAdminInvalidAccessKey, 400. */
export class AdminInvalidAccessKey extends defineError('AdminInvalidAccessKey') {}
/** XMinioAdminInvalidSecretKey, 400. */
export class AdminInvalidSecretKey extends defineError('AdminInvalidSecretKey') {}
export class InvalidAccessKeyId extends defineError('InvalidAccessKeyId') {}
/** Temporary credentials used without (or with a wrong) X-Amz-Security-Token. */
export class InvalidTokenId extends defineError('InvalidTokenId') {}
export class ExpiredToken extends defineError('ExpiredToken') {}
