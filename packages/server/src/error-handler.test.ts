import { describe, expect, it } from 'vitest';
import { ConsoleError } from './errors.js';
import { toErrorAnswer } from './error-handler.js';

describe('toErrorAnswer', () => {
  it('passes console errors through with their outcome', () => {
    const outcome = { deleted: 1, failed: 1, errors: [{ path: 'a', code: 'AccessDenied', message: 'no' }] };
    expect(toErrorAnswer(new ConsoleError('partial_failure', 'm', 'd', 403, outcome))).toEqual({
      status: 403,
      body: { code: 'partial_failure', message: 'm', detailedMessage: 'd', outcome },
      credentialsRejected: false,
    });
  });

  it('maps Fastify client errors by status', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), {
      statusCode: 413,
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
    expect(toErrorAnswer(tooLarge)).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
    const media = Object.assign(new Error('Unsupported Media Type'), {
      statusCode: 415,
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    });
    expect(toErrorAnswer(media)).toMatchObject({ status: 415, body: { code: 'invalid_request' } });
  });

  it('hides nothing but never answers 2xx for an unknown failure', () => {
    expect(toErrorAnswer(new TypeError('boom'))).toEqual({
      status: 500,
      body: { code: 'internal_error', message: 'Internal error', detailedMessage: 'boom' },
      credentialsRejected: false,
    });
  });
});
