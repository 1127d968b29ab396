/**
 * Kubernetes `Status` error objects and the error class handlers throw: every failure the
 * simulator answers is a `Status` body with the reason, code and message wording of a real API
 * server (clients, kubectl included, decode them and show the message).
 */
import { qualifiedKind, qualifiedName, type ResourceType } from './resources.js';

export interface StatusCause {
  reason: string;
  message: string;
  field: string;
}

export interface StatusBody {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: string;
  details?: { name?: string; group?: string; kind?: string; causes?: StatusCause[] };
  code: number;
}

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details?: StatusBody['details'],
  ) {
    super(message);
  }

  toStatus(): StatusBody {
    const body: StatusBody = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      reason: this.reason,
      code: this.code,
    };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

function details(type: ResourceType, name: string): StatusBody['details'] {
  return { name, group: type.group === '' ? undefined : type.group, kind: type.plural };
}

export const notFound = (type: ResourceType, name: string): ApiError =>
  new ApiError(404, 'NotFound', `${qualifiedName(type)} "${name}" not found`, details(type, name));

export const alreadyExists = (type: ResourceType, name: string): ApiError =>
  new ApiError(409, 'AlreadyExists', `${qualifiedName(type)} "${name}" already exists`, details(type, name));

export const conflict = (type: ResourceType, name: string): ApiError =>
  new ApiError(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${qualifiedName(type)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    details(type, name),
  );

export const badRequest = (message: string): ApiError => new ApiError(400, 'BadRequest', message);

/** 422 Invalid with one cause per field error, worded as the API server words them. */
export function invalid(type: ResourceType, name: string, causes: StatusCause[]): ApiError {
  const parts = causes.map((c) => `${c.field}: ${c.message}`);
  const list = parts.length === 1 ? parts[0] : `[${parts.join(', ')}]`;
  return new ApiError(422, 'Invalid', `${qualifiedKind(type)} "${name}" is invalid: ${list}`, {
    ...details(type, name),
    kind: type.kind,
    causes,
  });
}

export const required = (field: string): StatusCause => ({
  reason: 'FieldValueRequired',
  message: 'Required value',
  field,
});

export const fieldInvalid = (field: string, value: unknown, why: string): StatusCause => ({
  reason: 'FieldValueInvalid',
  message: `Invalid value: ${JSON.stringify(value)}: ${why}`,
  field,
});

export const fieldForbidden = (field: string, why: string): StatusCause => ({
  reason: 'FieldValueForbidden',
  message: `Forbidden: ${why}`,
  field,
});

export const unauthorized = (): ApiError => new ApiError(401, 'Unauthorized', 'Unauthorized');

export const methodNotAllowed = (): ApiError =>
  new ApiError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');

export const unsupportedMediaType = (contentType: string): ApiError =>
  new ApiError(
    415,
    'UnsupportedMediaType',
    `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml (got ${contentType})`,
  );

export const pageNotFound = (): ApiError =>
  new ApiError(404, 'NotFound', 'the server could not find the requested resource');
