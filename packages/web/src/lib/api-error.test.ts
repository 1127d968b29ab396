import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromResponse, capitalizeFirst, modalDetail, toApiError } from './api-error.js';

describe('apiErrorFromResponse (spec 1 §8)', () => {
  it('uses the body message and detail, capitalising the first letter of each', () => {
    const error = apiErrorFromResponse(409, {
      message: 'bucket not empty',
      detailedMessage: 'the bucket you tried to delete is not empty',
    });
    expect(error.message).toBe('Bucket not empty');
    expect(error.detailedMessage).toBe('The bucket you tried to delete is not empty');
    expect(error.status).toBe(409);
  });

  it("falls back to 'Error {status}' without a message", () => {
    expect(apiErrorFromResponse(502, undefined).message).toBe('Error 502');
    expect(apiErrorFromResponse(500, 'plain text').message).toBe('Error 500');
    expect(apiErrorFromResponse(500, { message: '  ' }).message).toBe('Error 500');
  });

  it('drops a detail identical to the message', () => {
    expect(
      apiErrorFromResponse(400, { message: 'bad', detailedMessage: 'bad' }).detailedMessage,
    ).toBeUndefined();
  });

  it("keeps the body's catalogue code, and only a catalogue code", () => {
    const body = { code: 'conflict', message: 'bucket not empty', detailedMessage: 'x' };
    expect(apiErrorFromResponse(409, body).code).toBe('conflict');
    expect(apiErrorFromResponse(409, { ...body, code: 'made_up' }).code).toBeUndefined();
    expect(apiErrorFromResponse(409, { ...body, code: 'toString' }).code).toBeUndefined();
    expect(apiErrorFromResponse(502, undefined).code).toBeUndefined();
  });

  it('reads the errorMessage / detailedError shape too', () => {
    const error = apiErrorFromResponse(400, { errorMessage: 'oops', detailedError: 'deep reason' });
    expect([error.message, error.detailedMessage]).toEqual(['Oops', 'Deep reason']);
  });
});

describe('ApiError', () => {
  it('needs a login on 401 and on no status at all, not on other errors', () => {
    expect(new ApiError(401, 'x').needsLogin).toBe(true);
    expect(new ApiError(0, 'x').needsLogin).toBe(true);
    expect(new ApiError(403, 'x').needsLogin).toBe(false);
  });

  it('turns thrown network errors into status 0', () => {
    const error = toApiError(new TypeError('failed to fetch'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Failed to fetch');
  });
});

describe('modalDetail', () => {
  it('hides details shorter than five characters inside modals', () => {
    expect(modalDetail(new ApiError(400, 'Bad', 'Nope'))).toBeUndefined();
    expect(modalDetail(new ApiError(400, 'Bad', 'Nopes'))).toBe('Nopes');
  });
});

describe('capitalizeFirst', () => {
  it('changes only the first character', () => {
    expect(capitalizeFirst('aBC def')).toBe('ABC def');
    expect(capitalizeFirst('')).toBe('');
  });
});
