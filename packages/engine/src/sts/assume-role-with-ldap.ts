/**
 * STS AssumeRoleWithLDAPIdentity (wire doc §4.3), as MinIO answers it: `LDAPUsername` and
 * `LDAPPassword` checked against the configured directory (`ldap-directory.ts`), the credentials
 * acting by the policies attached to the user's DN and its groups' DNs (admin
 * `idp/ldap/policy/attach`); a user with none of either is refused (400 InvalidParameterValue).
 * `DurationSeconds` 900..31,536,000 (default 3,600) and a session `Policy` as for AssumeRole.
 * Failed sign-ins count towards the STS back-off per client address and per username.
 */
import type { RequestContext } from '../http/context.js';
import { plainAddress } from '../http/client-address.js';
import { parseDurationSeconds, parseSessionPolicy } from './assume-role.js';
import { InvalidParameterValue, MissingParameter, TooManyLoginAttempts } from './errors.js';
import { identityProviders } from './identity-providers.js';
import { credentialsXml, sendStsResult } from './sts-reply.js';

const ACTION = 'AssumeRoleWithLDAPIdentity';

export async function assumeRoleWithLdap(ctx: RequestContext, form: URLSearchParams): Promise<void> {
  const username = form.get('LDAPUsername') ?? '';
  const password = form.get('LDAPPassword') ?? '';
  if (username === '') throw new MissingParameter('LDAPUsername is required');
  if (password === '') throw new MissingParameter('LDAPPassword is required');
  const { ldap } = identityProviders(ctx.engine.config);
  if (ldap === undefined)
    throw new InvalidParameterValue('LDAP identity provider is not configured on this server');
  const sessionPolicy = parseSessionPolicy(form.get('Policy'));
  const durationSeconds = parseDurationSeconds(form.get('DurationSeconds'));

  const throttle = ctx.engine.stsThrottle;
  const address = plainAddress(ctx.req.socket.remoteAddress ?? '');
  const keys = ctx.engine.stsTrustedProxies.has(address)
    ? [`ldap:${username}`]
    : [`addr:${address}`, `ldap:${username}`];
  const wait = throttle.waitMs(keys);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    ctx.res.setHeader('Retry-After', String(seconds));
    throw new TooManyLoginAttempts(`Too many failed sign-in attempts; try again in ${seconds} s.`);
  }
  let identity;
  try {
    identity = await ldap.authenticate(username, password);
  } catch (err) {
    throttle.failure(keys);
    throw err;
  }
  throttle.success(keys);

  const iam = ctx.engine.iam;
  const policies = iam.ldap
    .effective(identity.userDn, identity.groupDns)
    .filter((name) => iam.policyByName(name) !== undefined);
  if (policies.length === 0) {
    throw new InvalidParameterValue(
      `expecting a policy to be set for user \`${identity.userDn}\` or one of their groups: \`${identity.groupDns.join('`,`')}\` - rejecting this request`,
    );
  }
  const credential = await iam.issueTemporaryCredential({
    parentUser: identity.userDn,
    durationSeconds,
    ...(sessionPolicy !== undefined ? { sessionPolicy } : {}),
    federation: { provider: 'ldap', groups: identity.groupDns, subject: username },
  });
  sendStsResult(ctx, ACTION, { Credentials: credentialsXml(credential) });
}
