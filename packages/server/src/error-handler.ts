/**
 * The one place a failure becomes an answer: `{ code, message, detailedMessage, outcome? }` with
 * its HTTP status (spec 1 §8), whatever failed — the console's own checks (ConsoleError), request
 * validation (zod), Fastify itself (body too large, bad content type), the storage server (S3,
 * admin, STS errors; ./storage/storage-errors.ts) or the network. When the storage server refuses
 * the session's credentials themselves, the session is revoked and the answer is 401, which sends
 * the browser to /login. An admin call to a server without MinIO's admin API answers
 * `admin_api_not_offered`. Unknown API paths answer a JSON 404; other unknown paths get the web
 * app's index.html when a web app is served (client-side routes), else the same 404.
 */
import { AdminApiError } from '@coffer/admin-client';
import type { ErrorResponse } from '@coffer/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.js';
import { ConsoleError } from './errors.js';
import { clearSessionCookie } from './session/session-cookie.js';
import { endSession } from './session/end-session.js';
import { classifyStorageError } from './storage/storage-errors.js';

export interface ErrorAnswer {
  status: number;
  body: ErrorResponse;
  credentialsRejected: boolean;
}

function fastifyErrorCode(status: number): ErrorResponse['code'] {
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 401) return 'not_authenticated';
  if (status === 403) return 'access_denied';
  return status >= 500 ? 'internal_error' : 'invalid_request';
}

export function toErrorAnswer(err: unknown): ErrorAnswer {
  if (err instanceof ConsoleError) {
    return {
      status: err.status,
      body: {
        code: err.code,
        message: err.message,
        detailedMessage: err.detailedMessage,
        ...(err.outcome ? { outcome: err.outcome } : {}),
      },
      credentialsRejected: err.credentialsRejected,
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    return {
      status: 400,
      body: { code: 'invalid_request', message: 'Invalid request', detailedMessage: err.message },
      credentialsRejected: false,
    };
  }
  const classified = classifyStorageError(err);
  if (classified) {
    return {
      status: classified.status,
      body: {
        code: classified.code,
        message: classified.message,
        detailedMessage: classified.detailedMessage,
      },
      credentialsRejected: classified.credentialsRejected,
    };
  }
  if (isResponseSerializationError(err)) {
    return {
      status: 500,
      body: {
        code: 'internal_error',
        message: 'Internal error',
        detailedMessage: 'the answer did not match the contract',
      },
      credentialsRejected: false,
    };
  }
  const fe = err as Partial<FastifyError>;
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const message = fe.message ?? 'Invalid request';
    return {
      status: fe.statusCode,
      body: { code: fastifyErrorCode(fe.statusCode), message, detailedMessage: fe.code ?? '' },
      credentialsRejected: false,
    };
  }
  return {
    status: 500,
    body: {
      code: 'internal_error',
      message: 'Internal error',
      detailedMessage: err instanceof Error ? err.message : String(err),
    },
    credentialsRejected: false,
  };
}

/**
 * An admin call against a server without MinIO's admin API (detected once per session, see
 * session/account-state.ts) fails with whatever the server makes of the path — RGW's
 * "NoSuchBucket" for the bucket `minio` — so the answer says plainly what is missing instead.
 */
async function adminApiNotOffered(
  ctx: AppContext,
  request: FastifyRequest,
  err: unknown,
): Promise<ConsoleError | undefined> {
  const session = request.consoleSession;
  if (!(err instanceof AdminApiError) || session === undefined) return undefined;
  const offered =
    ctx.accounts.adminApiOf(session.id) ??
    (await ctx.accounts.get(session).then(
      (state) => state.adminApi,
      () => undefined,
    ));
  if (offered !== false) return undefined;
  return new ConsoleError(
    'admin_api_not_offered',
    "This server does not offer MinIO's admin API",
    `the storage server answered the admin call with ${err.status} ${err.code}`,
  );
}

export function installErrorHandling(
  app: FastifyInstance,
  ctx: AppContext,
  sendIndex: (reply: FastifyReply) => Promise<boolean>,
): void {
  const { basePath } = ctx.options;

  app.setErrorHandler(async (failure: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const err = (await adminApiNotOffered(ctx, request, failure)) ?? failure;
    const answer = toErrorAnswer(err);
    const session = request.consoleSession;
    if (answer.credentialsRejected && session) {
      await endSession(ctx, session.id);
      clearSessionCookie(request, reply, basePath);
    }
    if (answer.status >= 500 && answer.body.code === 'internal_error')
      request.log.error({ err }, 'request failed');
    else request.log.info({ status: answer.status, code: answer.body.code }, answer.body.message);
    return reply.code(answer.status).send(answer.body);
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith(`${basePath}/api/`) || path === `${basePath}/api`;
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && (await sendIndex(reply)))
      return reply;
    const body: ErrorResponse = {
      code: 'not_found',
      message: isApi ? 'No such API call' : 'Not found',
      detailedMessage: `${request.method} ${path}`,
    };
    return reply.code(404).send(body);
  });
}
