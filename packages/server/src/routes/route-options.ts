/**
 * Turns a contract route (packages/contract `API`) into Fastify route options: method, URL,
 * the zod schemas (validation, serialisation, OpenAPI) with their static types kept, so handlers
 * are typed by the contract, and `config.public` for the authentication hook.
 */
import type { RouteContract } from '@coffer/contract';
import type { FastifyRequest } from 'fastify';
import { notAuthenticated } from '../errors.js';
import type { Session } from '../session/session-store.js';

type Field<R, K extends string> = R extends { [P in K]: infer V } ? V : undefined;

export interface ContractSchema<R extends RouteContract> {
  summary: string;
  description?: string;
  tags: string[];
  consumes?: string[];
  params: Field<R, 'params'>;
  querystring: Field<R, 'querystring'>;
  body: Field<R, 'body'>;
  response: R['response'];
}

export function routeOptions<const R extends RouteContract>(
  route: R,
): {
  method: R['method'];
  url: string;
  schema: ContractSchema<R>;
  config: { public: boolean; session: 'storage' | 'operator' | 'any' };
} {
  const schema = {
    summary: route.summary,
    tags: [...route.tags],
    ...(route.description !== undefined ? { description: route.description } : {}),
    ...(route.consumes !== undefined ? { consumes: [...route.consumes] } : {}),
    // Absent parts stay absent (Fastify and the OpenAPI transform skip them).
    ...(route.params !== undefined ? { params: route.params } : {}),
    ...(route.querystring !== undefined ? { querystring: route.querystring } : {}),
    ...(route.body !== undefined ? { body: route.body } : {}),
    response: route.response,
  } as ContractSchema<R>;
  return {
    method: route.method,
    url: route.path,
    schema,
    config: { public: route.public === true, session: route.session ?? 'storage' },
  };
}

/** The request's session (the authentication hook guarantees it on non-public routes). */
export function sessionOf(request: FastifyRequest): Session {
  const session = request.consoleSession;
  if (!session) throw notAuthenticated('no session on this request');
  return session;
}
