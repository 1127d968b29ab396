/**
 * A headless sign-in at the test OpenID provider: the authorization-code flow with PKCE through the
 * provider's real pages (authorization endpoint → sign-in form → consent → redirect with the code →
 * token endpoint), following redirects by hand with a small cookie jar. The engine's STS tests use
 * it to get ID tokens the provider really issued; browser tests click through the same pages.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TestOidcProvider } from './oidc-provider.js';

export interface CodeFlowResult {
  code: string;
  idToken: string;
  accessToken: string;
}

/** Cookies by name (paths ignored: one flow at a time). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(reply: Response): void {
    for (const line of reply.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export async function codeFlowLogin(
  idp: TestOidcProvider,
  options: { username: string; password: string; clientId?: string; scope?: string },
): Promise<CodeFlowResult> {
  const client =
    options.clientId === undefined
      ? idp.clients[0]
      : idp.clients.find((c) => c.clientId === options.clientId);
  if (client === undefined) throw new Error('no such client');
  const redirectUri = client.redirectUris[0] ?? '';
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const auth = new URL(`${idp.issuer}/auth`);
  auth.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: options.scope ?? `openid ${idp.claimName}`,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();

  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const reply = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(reply);
    return reply;
  };

  let reply = await go(auth.toString());
  let posted = false;
  for (let hops = 0; hops < 12; hops++) {
    const location = reply.headers.get('location');
    if (reply.status >= 300 && reply.status < 400 && location !== null) {
      const next = new URL(location, idp.issuer);
      if (next.toString().startsWith(redirectUri)) {
        const code = next.searchParams.get('code');
        if (next.searchParams.get('state') !== state || code === null) {
          throw new Error(`authorization failed: ${next.search}`);
        }
        return { code, ...(await exchangeCode(idp, client, redirectUri, code, verifier)) };
      }
      reply = await go(next.toString());
      continue;
    }
    const page = await reply.text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (action === undefined || posted)
      throw new Error(`sign-in failed (${reply.status}): ${page.slice(0, 300)}`);
    posted = true;
    reply = await go(new URL(action, idp.issuer).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: options.username, password: options.password }).toString(),
    });
  }
  throw new Error('too many redirects in the code flow');
}

async function exchangeCode(
  idp: TestOidcProvider,
  client: { clientId: string; clientSecret?: string },
  redirectUri: string,
  code: string,
  verifier: string,
): Promise<{ idToken: string; accessToken: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  if (client.clientSecret !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
  } else form.set('client_id', client.clientId);
  const reply = await fetch(`${idp.issuer}/token`, { method: 'POST', headers, body: form });
  const body = (await reply.json()) as { id_token?: string; access_token?: string };
  if (body.id_token === undefined || body.access_token === undefined) {
    throw new Error(`token endpoint: ${JSON.stringify(body)}`);
  }
  return { idToken: body.id_token, accessToken: body.access_token };
}
