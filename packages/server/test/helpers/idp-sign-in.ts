/**
 * A browser's part of single sign-on, headless: open the provider's authorization URL (the one the
 * console's login strategy answered), fill in the provider's own sign-in form, follow its
 * redirects until one leads back to the console's /oauth_callback, and return that address (with
 * code and state, or error and error_description). Cookies of the provider are kept per sign-in.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  credentials: { username: string; password: string },
): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (url: URL, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const reply = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of reply.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return reply;
  };
  let url = new URL(authorizationUrl);
  let reply = await send(url);
  let signedIn = false;
  for (let step = 0; step < 15; step++) {
    const location = reply.headers.get('location');
    if (location !== null && reply.status >= 300 && reply.status < 400) {
      url = new URL(location, url);
      if (url.pathname.endsWith('/oauth_callback')) return url;
      reply = await send(url);
      continue;
    }
    const page = await reply.text();
    const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(page)?.[1];
    if (action === undefined || signedIn) throw new Error(`no way on at ${url.href} (${reply.status})`);
    signedIn = true;
    url = new URL(action, url);
    reply = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(credentials).toString(),
    });
  }
  throw new Error('the provider never sent the browser back to /oauth_callback');
}
