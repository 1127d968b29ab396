/**
 * STS AssumeRoleWithWebIdentity (`WebIdentityToken`: an OpenID ID token) and
 * AssumeRoleWithClientGrants (`Token`: a client-credentials access token), wire doc §4.3, as MinIO
 * answers them: the token checked against the configured provider (`openid-provider.ts`), the
 * credentials' policies from the token's policy claim or the provider's role policy (only names
 * that exist; none → refused), `DurationSeconds` 900..31,536,000 when given, else the token's own
 * expiry; an optional session `Policy` narrows them. The parent user is
 * base64url(SHA-256("openid:" + sub + ":" + iss)), MinIO's.
 */
import { createHash } from 'node:crypto';
import type { RequestContext } from '../http/context.js';
import { ExpiredToken } from '../iam/errors.js';
import { parseDurationSeconds, parseSessionPolicy } from './assume-role.js';
import { InvalidParameterValue, MissingParameter } from './errors.js';
import { identityProviders } from './identity-providers.js';
import { policiesFromClaim } from './openid-provider.js';
import { credentialsXml, sendStsResult } from './sts-reply.js';

export type WebTokenAction = 'AssumeRoleWithWebIdentity' | 'AssumeRoleWithClientGrants';

const EXPIRED: Record<WebTokenAction, string> = {
  AssumeRoleWithWebIdentity:
    'The web identity token that was passed is expired or is not valid. Get a new identity token from the identity provider and then retry the request.',
  AssumeRoleWithClientGrants:
    'The client grants that was passed is expired or is not valid. Get a new client grants token from the identity provider and then retry the request.',
};

export async function assumeRoleWithWebToken(
  ctx: RequestContext,
  form: URLSearchParams,
  action: WebTokenAction,
): Promise<void> {
  const tokenParam = action === 'AssumeRoleWithWebIdentity' ? 'WebIdentityToken' : 'Token';
  const token = form.get(tokenParam) ?? '';
  if (token === '') throw new MissingParameter(`${tokenParam} is required`);
  const { openid } = identityProviders(ctx.engine.config);
  if (!openid.enabled) {
    throw new InvalidParameterValue('OpenID identity provider is not configured on this server');
  }
  const sessionPolicy = parseSessionPolicy(form.get('Policy'));
  const requested = form.get('DurationSeconds') ?? '';
  const durationParam = requested === '' ? undefined : parseDurationSeconds(requested);
  const provider = openid.select(form.get('RoleArn') ?? '');
  const verified = await openid.verify(provider, token, EXPIRED[action]);

  const iam = ctx.engine.iam;
  let policies: string[];
  if (provider.roleArn !== undefined) {
    policies = provider.rolePolicy.filter((name) => iam.policyByName(name) !== undefined);
    if (policies.length === 0) {
      throw new InvalidParameterValue(
        `None of the given policies (\`${provider.rolePolicy.join(',')}\`) are defined, credentials will not be generated`,
      );
    }
  } else {
    const claimName = provider.claimPrefix + provider.claimName;
    const claimed = policiesFromClaim(verified.claims[claimName]);
    if (claimed === undefined) {
      throw new InvalidParameterValue(
        `${claimName} claim missing from the JWT token, credentials will not be generated`,
      );
    }
    policies = claimed.filter((name) => iam.policyByName(name) !== undefined);
    if (policies.length === 0) {
      throw new InvalidParameterValue(
        `None of the given policies (\`${claimed.join(',')}\`) are defined, credentials will not be generated`,
      );
    }
  }

  const tokenLeft = (verified.claims.exp ?? 0) - Math.floor(Date.now() / 1000);
  const durationSeconds = durationParam ?? tokenLeft;
  if (durationSeconds <= 0) throw new ExpiredToken(EXPIRED[action]);

  const parentUser = createHash('sha256')
    .update(`openid:${verified.subject}:${verified.issuer}`)
    .digest('base64url');
  const credential = await iam.issueTemporaryCredential({
    parentUser,
    durationSeconds,
    ...(sessionPolicy !== undefined ? { sessionPolicy } : {}),
    federation: { provider: 'openid', policies, subject: verified.subject },
  });
  const subjectElement =
    action === 'AssumeRoleWithWebIdentity' ? 'SubjectFromWebIdentityToken' : 'SubjectFromToken';
  sendStsResult(ctx, action, {
    AssumedRoleUser: { Arn: provider.roleArn ?? '', AssumeRoleId: '' },
    Credentials: credentialsXml(credential),
    [subjectElement]: verified.subject,
  });
}
