/** Request errors of the admin API handlers (admin JSON, MinIO codes). */
import { defineError } from '../common/errors.js';

/** XMinioAdminNoSuchAccessKey, 404. */
export class AdminNoSuchAccessKey extends defineError('AdminNoSuchAccessKey') {}
/** XMinioAdminInvalidRequest, 400. */
export class AdminInvalidRequest extends defineError('AdminInvalidRequest') {}
/** BadRequest, 400: e.g. policy attach/detach without Content-Type application/octet-stream. */
export class BadRequest extends defineError('BadRequest') {}
