import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FLOW_TTL_MS, PendingLogins, type PendingFlow } from './pending-logins.js';

const flow = (state: string, expiresAt: number): PendingFlow => ({
  state,
  codeVerifier: `verifier-${state}`,
  nonce: `nonce-${state}`,
  redirectUri: 'http://console/oauth_callback',
  expiresAt,
});

describe('PendingLogins (the sealed sso_flow cookie)', () => {
  it('gives back the flow of a state once; a second time it is used', () => {
    const logins = new PendingLogins(randomBytes(32));
    const cookie = logins.add(undefined, flow('s1', Date.now() + FLOW_TTL_MS));
    expect(logins.take(cookie, 's1')).toMatchObject({ state: 's1', codeVerifier: 'verifier-s1' });
    expect(logins.take(cookie, 's1')).toBe('used');
  });

  it('keeps the four newest flows, so several open login tabs work', () => {
    const logins = new PendingLogins(randomBytes(32));
    let cookie: string | undefined;
    for (const s of ['a', 'b', 'c', 'd', 'e']) cookie = logins.add(cookie, flow(s, Date.now() + FLOW_TTL_MS));
    expect(logins.take(cookie, 'a')).toBe('unknown');
    for (const s of ['b', 'c', 'd', 'e']) expect(logins.take(cookie, s)).toMatchObject({ state: s });
  });

  it('refuses expired flows, tampered cookies and cookies sealed with another key', () => {
    let now = 1_000_000;
    const logins = new PendingLogins(randomBytes(32), () => now);
    const cookie = logins.add(undefined, flow('late', now + FLOW_TTL_MS));
    const tampered = `${cookie.slice(0, -2)}${cookie.endsWith('A') ? 'B' : 'A'}A`;
    expect(logins.take(tampered, 'late')).toBe('unknown');
    expect(new PendingLogins(randomBytes(32), () => now).take(cookie, 'late')).toBe('unknown');
    now += FLOW_TTL_MS + 1;
    expect(logins.take(cookie, 'late')).toBe('unknown');
  });
});
