/** Request errors of the admin API handlers (admin JSON, MinIO codes). */
import { defineError } from '../common/errors.js';

/** XMinioAdminNoSuchAccessKey, 404. */
export class AdminNoSuchAccessKey extends defineError('AdminNoSuchAccessKey') {}
/** XMinioAdminInvalidRequest, 400. */
export class AdminInvalidRequest extends defineError('AdminInvalidRequest') {}
/** BadRequest, 400: e.g. policy attach/detach without Content-Type application/octet-stream. */
export class BadRequest extends defineError('BadRequest') {}
/** XMinioHealInvalidClientToken, 400: a heal status poll with another sequence's token. */
export class HealInvalidClientToken extends defineError('HealInvalidClientToken') {}
/** XMinioHealAlreadyRunning, 400: a heal runs on that path (force-start replaces it). */
export class HealAlreadyRunning extends defineError('HealAlreadyRunning') {}
/** XMinioHealOverlappingPaths, 400: a running heal covers part of the requested path. */
export class HealOverlappingPaths extends defineError('HealOverlappingPaths') {}
/** XMinioRequestBodyParse, 400: a heal start whose HealOpts body is not JSON. */
export class RequestBodyParse extends defineError('RequestBodyParse') {}
