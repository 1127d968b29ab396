/**
 * The single sign-on flows a browser has started and not finished (state, PKCE code verifier,
 * nonce, the redirect address used), carried in the browser's own `sso_flow` cookie, sealed with
 * AES-256-GCM under a key derived from the session key: the console keeps nothing per visitor of
 * the login screen (an unauthenticated page cannot fill its memory), and the flow is bound to the
 * browser that started it (a code from another browser's flow is refused: no login CSRF).
 *
 * A flow expires after FLOW_TTL_MS and is used at most once: completed states are remembered until
 * they would have expired anyway (a bounded set; a replayed callback is refused). The cookie holds
 * the MAX_FLOWS newest flows, so two open login tabs both work.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export const SSO_FLOW_COOKIE = 'sso_flow';
/** How long a started sign-in may take at the identity provider. */
export const FLOW_TTL_MS = 10 * 60 * 1000;
const MAX_FLOWS = 4;
/** Completed states remembered (refusing replays) — far above any real sign-in rate. */
const MAX_USED = 10_000;

export interface PendingFlow {
  state: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  /** ms since epoch. */
  expiresAt: number;
}

function isFlow(v: unknown): v is PendingFlow {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  return (
    typeof f.state === 'string' &&
    typeof f.codeVerifier === 'string' &&
    typeof f.nonce === 'string' &&
    typeof f.redirectUri === 'string' &&
    typeof f.expiresAt === 'number'
  );
}

export class PendingLogins {
  private readonly key: Buffer;
  private readonly used = new Map<string, number>();

  constructor(
    sessionKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', sessionKey, Buffer.alloc(0), 'coffer sso flow cookie', 32));
  }

  /** The cookie value holding `flow` and the still-live flows of `previous` (the old cookie). */
  add(previous: string | undefined, flow: PendingFlow): string {
    const live = this.open(previous).filter((f) => f.state !== flow.state);
    return this.seal([...live.slice(-(MAX_FLOWS - 1)), flow]);
  }

  /**
   * Take the flow `state` names out of the cookie: the flow, or why there is none. The state is
   * spent from then on, whatever the outcome of the code exchange.
   */
  take(cookie: string | undefined, state: string): PendingFlow | 'unknown' | 'used' {
    this.forgetExpired();
    if (this.used.has(state)) return 'used';
    const flow = this.open(cookie).find((f) => f.state === state);
    if (!flow) return 'unknown';
    if (this.used.size >= MAX_USED) {
      const oldest = this.used.keys().next().value;
      if (oldest !== undefined) this.used.delete(oldest);
    }
    this.used.set(state, flow.expiresAt);
    return flow;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [state, expiresAt] of this.used) if (expiresAt <= now) this.used.delete(state);
  }

  private seal(flows: PendingFlow[]): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(JSON.stringify(flows), 'utf8'), cipher.final()]);
    return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The live flows of a cookie; a missing, foreign or tampered cookie holds none. */
  private open(cookie: string | undefined): PendingFlow[] {
    if (!cookie) return [];
    const blob = Buffer.from(cookie, 'base64url');
    if (blob.length < 29) return [];
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, blob.subarray(0, 12));
      decipher.setAuthTag(blob.subarray(12, 28));
      const text = Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]).toString('utf8');
      const flows: unknown = JSON.parse(text);
      const now = this.now();
      return Array.isArray(flows) ? flows.filter(isFlow).filter((f) => f.expiresAt > now) : [];
    } catch {
      return [];
    }
  }
}
