/**
 * Service-account tokens: RS256 JWTs in the shape of Kubernetes' bound service-account tokens
 * (`iss`, `sub` = `system:serviceaccount:<ns>:<name>`, the `kubernetes.io` claim with the
 * namespace and the service account's name and uid), signed with a key pair the simulator makes
 * at start. A token is valid while it verifies, has not expired, and its service account still
 * exists with the same uid (deleting the account revokes its tokens, as on a real cluster).
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

export const ISSUER = 'https://kubernetes.default.svc.cluster.local';

export interface ServiceAccountRef {
  namespace: string;
  name: string;
  uid: string;
}

export interface TokenIdentity extends ServiceAccountRef {
  username: string;
  groups: string[];
  audiences: string[];
}

const b64 = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

export class TokenIssuer {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly kid: string;

  constructor(privateKeyPem?: string) {
    if (privateKeyPem === undefined) {
      const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
      this.privateKey = pair.privateKey;
      this.publicKey = pair.publicKey;
    } else {
      this.privateKey = createPrivateKey(privateKeyPem);
      this.publicKey = createPublicKey(this.privateKey);
    }
    this.kid = randomUUID();
  }

  privateKeyPem(): string {
    return this.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }

  issue(sa: ServiceAccountRef, options: { expirationSeconds?: number; audiences?: string[] } = {}): string {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      aud: options.audiences ?? [ISSUER],
      exp: now + (options.expirationSeconds ?? 10 * 365 * 24 * 3600),
      iat: now,
      nbf: now,
      iss: ISSUER,
      jti: randomUUID(),
      'kubernetes.io': { namespace: sa.namespace, serviceaccount: { name: sa.name, uid: sa.uid } },
      sub: `system:serviceaccount:${sa.namespace}:${sa.name}`,
    };
    const head = b64(JSON.stringify({ alg: 'RS256', kid: this.kid }));
    const body = b64(JSON.stringify(claims));
    const signature = sign('sha256', Buffer.from(`${head}.${body}`), this.privateKey);
    return `${head}.${body}.${b64(signature)}`;
  }

  /** The identity of a token this issuer signed and that has not expired, else undefined (no reason given, as a server gives none). */
  verify(token: string): TokenIdentity | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [head, body, sig] = parts as [string, string, string];
    let ok = false;
    try {
      ok = verify('sha256', Buffer.from(`${head}.${body}`), this.publicKey, Buffer.from(sig, 'base64url'));
    } catch {
      return undefined;
    }
    if (!ok) return undefined;
    let claims: {
      exp?: number;
      nbf?: number;
      aud?: string[];
      'kubernetes.io'?: { namespace?: string; serviceaccount?: { name?: string; uid?: string } };
    };
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof claims;
    } catch {
      return undefined;
    }
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.exp !== 'number' || claims.exp < now) return undefined;
    const k = claims['kubernetes.io'];
    const namespace = k?.namespace;
    const name = k?.serviceaccount?.name;
    const uid = k?.serviceaccount?.uid;
    if (namespace === undefined || name === undefined || uid === undefined) return undefined;
    return {
      namespace,
      name,
      uid,
      username: `system:serviceaccount:${namespace}:${name}`,
      groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`, 'system:authenticated'],
      audiences: claims.aud ?? [ISSUER],
    };
  }
}
