/**
 * The parameters of an STS call. STS is form-encoded: AssumeRole carries them in a
 * `application/x-www-form-urlencoded` POST body, the SSO variants either there or in the query
 * string (wire doc §4.1). Bodies are small; anything larger than 1 MiB is refused.
 */
import type { RequestContext } from '../http/context.js';
import { readBody } from '../http/body.js';
import { EntityTooLarge } from '../common/errors.js';
import { InvalidParameterValue, MissingParameter } from './errors.js';

/** Generous for JWT identity tokens and a 2,048-character policy once URL-encoded. */
export const MAX_STS_BODY = 1024 * 1024;

export function isFormRequest(ctx: RequestContext): boolean {
  const type = ctx.req.headers['content-type'] ?? '';
  return type.toLowerCase().startsWith('application/x-www-form-urlencoded');
}

/** Query parameters merged with the form body (body values win, as Go's `ParseForm` lists them first). */
export async function readStsForm(ctx: RequestContext): Promise<URLSearchParams> {
  const form = new URLSearchParams();
  if (isFormRequest(ctx)) {
    let body: Buffer;
    try {
      body = await readBody(ctx, MAX_STS_BODY);
    } catch (err) {
      if (err instanceof EntityTooLarge) throw new InvalidParameterValue('request body too large');
      throw err;
    }
    for (const [k, v] of new URLSearchParams(body.toString('utf8'))) form.append(k, v);
  }
  for (const [k, v] of ctx.query) if (!form.has(k)) form.append(k, v);
  return form;
}

/** STS API version every call must name. */
export const STS_API_VERSION = '2011-06-15';

export function checkVersion(form: URLSearchParams): void {
  const version = form.get('Version') ?? '';
  if (version !== STS_API_VERSION) {
    throw new MissingParameter(`Invalid STS API version ${version}, expecting ${STS_API_VERSION}`);
  }
}

/** Namespace of STS response documents. */
export const STS_XMLNS = 'https://sts.amazonaws.com/doc/2011-06-15/';
