/**
 * The bucket CORS configuration (`<CORSConfiguration><CORSRule>…`): per rule the allowed origins
 * and methods (both required), allowed and exposed headers, and a preflight cache age.
 */
import { InvalidArgument, MalformedXML } from '../common/errors.js';
import { elements, rootElement, text, texts } from './xml-fields.js';

export type CorsMethod = 'GET' | 'PUT' | 'HEAD' | 'POST' | 'DELETE';

export interface CorsRule {
  id?: string;
  allowedOrigins: string[];
  allowedMethods: CorsMethod[];
  allowedHeaders: string[];
  exposeHeaders: string[];
  maxAgeSeconds?: number;
}

export interface CorsConfiguration {
  rules: CorsRule[];
}

/** S3's limit on rules per configuration. */
export const MAX_CORS_RULES = 100;
const METHODS: readonly string[] = ['GET', 'PUT', 'HEAD', 'POST', 'DELETE'];

/** Parse and validate a CORSConfiguration document. */
export function parseCorsConfiguration(xml: string): CorsConfiguration {
  const nodes = elements(rootElement(xml, 'CORSConfiguration'), 'CORSRule');
  if (nodes.length === 0) throw new MalformedXML();
  if (nodes.length > MAX_CORS_RULES) {
    throw new InvalidArgument(`A CORS configuration has at most ${MAX_CORS_RULES} rules.`);
  }
  const rules = nodes.map((node): CorsRule => {
    const allowedOrigins = texts(node, 'AllowedOrigin');
    const methods = texts(node, 'AllowedMethod');
    if (allowedOrigins.length === 0 || methods.length === 0) throw new MalformedXML();
    for (const m of methods) {
      if (!METHODS.includes(m)) {
        throw new InvalidArgument(`Found unsupported HTTP method in CORS config. Unsupported method is ${m}`);
      }
    }
    const rule: CorsRule = {
      allowedOrigins,
      allowedMethods: methods as CorsMethod[],
      allowedHeaders: texts(node, 'AllowedHeader'),
      exposeHeaders: texts(node, 'ExposeHeader'),
    };
    const id = text(node, 'ID');
    if (id !== undefined) rule.id = id;
    const maxAge = text(node, 'MaxAgeSeconds');
    if (maxAge !== undefined) {
      if (!/^\d+$/.test(maxAge)) throw new MalformedXML();
      rule.maxAgeSeconds = Number(maxAge);
    }
    return rule;
  });
  return { rules };
}
