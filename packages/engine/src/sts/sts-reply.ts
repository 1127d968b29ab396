/** The success reply of the identity-provider STS calls: MinIO's `<Action>Response` XML. */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import type { XmlObject } from '../common/xml.js';
import type { Credential } from '../iam/types.js';
import { formatExpiration } from './assume-role.js';
import { STS_XMLNS } from './sts-form.js';

export function credentialsXml(credential: Credential): Record<string, string> {
  return {
    AccessKeyId: credential.accessKey,
    SecretAccessKey: credential.secretKey,
    SessionToken: credential.sessionToken ?? '',
    Expiration: formatExpiration(credential.expiration ?? new Date()),
  };
}

/** `<{action}Response><{action}Result>{result}</…><ResponseMetadata>` as MinIO writes it. */
export function sendStsResult(ctx: RequestContext, action: string, result: XmlObject): void {
  sendXml(
    ctx,
    200,
    `${action}Response`,
    { [`${action}Result`]: result, ResponseMetadata: { RequestId: ctx.requestId } },
    { xmlns: STS_XMLNS },
  );
}
