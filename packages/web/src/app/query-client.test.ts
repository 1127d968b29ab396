import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.js';
import { createQueryClient } from './query-client.js';

function setup() {
  const seen = { authLost: 0, errors: [] as string[] };
  const client = createQueryClient({
    onAuthLost: () => (seen.authLost += 1),
    onError: (error) => seen.errors.push(error.message),
  });
  const fail = (error: unknown, meta?: Record<string, unknown>) =>
    client
      .fetchQuery({ queryKey: [Math.random()], queryFn: () => Promise.reject(error), meta })
      .catch(() => undefined);
  return { client, seen, fail };
}

describe('createQueryClient failure rule (spec 1 §8)', () => {
  it('sends a 401 and a status-less failure to /login without a toast', async () => {
    const { seen, fail } = setup();
    await fail(new ApiError(401, 'Not authenticated'));
    await fail(new TypeError('Failed to fetch'));
    expect(seen).toEqual({ authLost: 2, errors: [] });
  });

  it('shows other failures in the error toast', async () => {
    const { seen, fail } = setup();
    await fail(new ApiError(500, 'Storage error'));
    expect(seen).toEqual({ authLost: 0, errors: ['Storage error'] });
  });

  it('leaves calls marked skipAuthRedirect or silent to handle their own failures', async () => {
    const { seen, fail } = setup();
    await fail(new ApiError(401, 'Invalid login'), { skipAuthRedirect: true, silent: true });
    await fail(new ApiError(409, 'Bucket not empty'), { silent: true });
    expect(seen).toEqual({ authLost: 0, errors: [] });
  });

  it('applies the same rule to mutations', async () => {
    const { client, seen } = setup();
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new ApiError(403, 'Access denied')) })
      .execute(undefined)
      .catch(() => undefined);
    expect(seen.errors).toEqual(['Access denied']);
  });
});
