/**
 * Certificates a user uploads for a tenant (base64 of PEM text, spec 3 §3 "Certificate pair
 * fields"): checked to be a certificate and, for a pair, a key that matches it, before any secret
 * is written; and read back from secrets for the Security tab (name, serial, DNS and IP names,
 * expiry — spec 3 §3 "Existing tenant security settings").
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { invalidRequest } from '../errors.js';

const pemOf = (b64: string): string => Buffer.from(b64, 'base64').toString('utf8');

export interface PemPair {
  crt: string;
  key: string;
}

/** A pair as PEM texts, or invalid_request naming what is wrong. */
export function checkKeyPair(pair: PemPair, what: string): PemPair {
  const crt = pemOf(pair.crt);
  const key = pemOf(pair.key);
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(crt);
  } catch {
    throw invalidRequest(`${what}: the certificate is not a PEM certificate`);
  }
  try {
    if (!cert.checkPrivateKey(createPrivateKey(key))) throw new Error('mismatch');
  } catch {
    throw invalidRequest(`${what}: the private key does not match the certificate`);
  }
  return { crt, key };
}

/** A CA certificate as PEM text, or invalid_request. */
export function checkCertificate(b64: string, what: string): string {
  const pem = pemOf(b64);
  try {
    new X509Certificate(pem);
  } catch {
    throw invalidRequest(`${what}: not a PEM certificate`);
  }
  return pem;
}

export interface CertificateInfo {
  name: string;
  serialNumber: string;
  domains: string[];
  expiry: string;
}

/** The first certificate of a PEM text, described; undefined when it is not one. */
export function describeCertificate(name: string, pem: string): CertificateInfo | undefined {
  try {
    const cert = new X509Certificate(pem);
    const domains = (cert.subjectAltName ?? '')
      .split(',')
      .map((s) => s.trim())
      .flatMap((s) =>
        s.startsWith('DNS:') ? [s.slice(4)] : s.startsWith('IP Address:') ? [s.slice(11)] : [],
      );
    return { name, serialNumber: cert.serialNumber, domains, expiry: new Date(cert.validTo).toISOString() };
  } catch {
    return undefined;
  }
}
