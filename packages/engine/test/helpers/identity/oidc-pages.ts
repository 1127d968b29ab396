/**
 * The test OpenID provider's interaction pages: `GET /interaction/{uid}` shows a sign-in form
 * (labelled fields, `lang`, one heading: fit for an axe check in the browser tests), `POST
 * /interaction/{uid}/login` checks the password and finishes the login step; the consent step that
 * follows is granted at once (the scopes asked for, as a first-party client gets). A wrong password
 * shows the form again with an alert, so a browser test can see the provider's own error.
 */
import type http from 'node:http';
import type Provider from 'oidc-provider';

/** Escapes text for HTML. */
function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function signInPage(uid: string, clientId: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in – Coffer test identity provider</title></head>
<body><main>
<h1>Sign in</h1>
<p>Application <strong>${html(clientId)}</strong> asks you to sign in.</p>
${error !== undefined ? `<p role="alert" id="error">${html(error)}</p>` : ''}
<form method="post" action="/interaction/${html(uid)}/login" autocomplete="off">
<p><label for="username">Username</label><br><input id="username" name="username" required autofocus></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" required></p>
<p><button type="submit">Sign in</button></p>
</form>
</main></body></html>`;
}

/** The provider's error page (a bad client, redirect URI or request): the OAuth error and its text. */
export function errorPage(error: string, description: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign-in error – Coffer test identity provider</title></head>
<body><main><h1>Sign-in error</h1><p id="error">${html(error)}: ${html(description)}</p></main></body></html>`;
}

/** The form fields of a small urlencoded body. */
async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) {
    text += (chunk as Buffer).toString('utf8');
    if (text.length > 16_384) throw new Error('form too large');
  }
  return new URLSearchParams(text);
}

export async function handleInteraction(
  provider: Provider,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  verify: (username: string, password: string) => boolean,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const clientId = String(details.params.client_id ?? '');
  const sendPage = (status: number, error?: string): void => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(signInPage(details.uid, clientId, error));
  };

  if (req.method === 'POST' && (req.url ?? '').endsWith('/login')) {
    const form = await readForm(req);
    const username = form.get('username') ?? '';
    if (!verify(username, form.get('password') ?? '')) {
      sendPage(401, 'Invalid username or password.');
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: username } },
      {
        mergeWithLastSubmission: false,
      },
    );
    return;
  }

  if (details.prompt.name === 'consent') {
    const grant =
      details.grantId !== undefined
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session?.accountId, clientId });
    if (grant === undefined) throw new Error('grant not found');
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return;
  }
  sendPage(200);
}
