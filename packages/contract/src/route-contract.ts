/**
 * What one entry of the route table is (`RouteContract`), the pieces every area's entries share
 * (error answers, "no content"), and the types a client derives from an entry: its request parts
 * (`RouteRequest`) and its success answer (`RouteAnswer`), both inferred from the entry's schemas.
 */
import { z } from 'zod';
import { ErrorResponseSchema } from './errors.js';

export { API_PREFIX, apiPath } from './api-paths.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteContract {
  method: HttpMethod;
  /** Below the console's base path, e.g. `/api/v1/buckets/:bucket`. */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Callable without a session (login and the API description). */
  public?: boolean;
  /**
   * Which session kind may call it (`SessionKind`): absent — a storage session (signed in to the
   * storage server); 'operator' — an operator session (operator mode, a Kubernetes service-account
   * token); 'any' — both. The server refuses the other kind (session_kind_mismatch).
   */
  session?: 'operator' | 'any';
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Request content types other than JSON (multipart uploads). */
  consumes?: readonly string[];
  response: Record<number | '4xx' | '5xx', z.ZodType>;
}

/** Every entry answers failures with the error shape of `errors.ts`. */
export const errors = { '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema } as const;
export const noContent = z.null().describe('No content');

/** A query-string value as a client passes it (everything travels as text). */
export type QueryScalar = string | number | boolean;

/**
 * A query schema's input, loosened to what a URL can carry; enums keep their literals; a key the
 * schema reads as text or a list of texts (a repeated key, `fp=a&fp=b`) takes a list too.
 */
export type QueryInput<T> = {
  [K in keyof T]: NonNullable<T[K]> extends string
    ? string extends NonNullable<T[K]>
      ? QueryScalar | Extract<T[K], undefined>
      : T[K]
    : NonNullable<T[K]> extends string | readonly string[]
      ? QueryScalar | readonly QueryScalar[] | Extract<T[K], undefined>
      : QueryScalar | Extract<T[K], undefined>;
};

type SchemaOf<R, K extends string> = R extends { readonly [P in K]: infer S extends z.ZodType } ? S : never;

/** `{ [K]: T }`, optional when every field of T is (a query of optional filters may be left out). */
type OptionalWhenEmpty<K extends string, T> = object extends T ? { [P in K]?: T } : { [P in K]: T };

/**
 * The request parts of a route, from its schemas: `params` (the path's `:param`s), `query`,
 * `body` — each present exactly when the entry declares it (a query whose fields are all optional
 * may be left out). Query values travel as text, so a field the schema reads from text accepts any
 * scalar; the keys, and which of them are required, are checked.
 */
export type RouteRequest<R> = ([SchemaOf<R, 'params'>] extends [never]
  ? { params?: undefined }
  : { params: z.input<SchemaOf<R, 'params'>> }) &
  ([SchemaOf<R, 'querystring'>] extends [never]
    ? { query?: undefined }
    : OptionalWhenEmpty<'query', QueryInput<z.input<SchemaOf<R, 'querystring'>>>>) &
  ([SchemaOf<R, 'body'>] extends [never] ? { body?: undefined } : { body: z.input<SchemaOf<R, 'body'>> });

type SuccessStatus<R> = R extends { response: infer A } ? Extract<keyof A, 200 | 201 | 202 | 204> : never;

/** A route's success answer: the output of its 2xx schema; `void` for 204 No Content. */
export type RouteAnswer<R> = R extends { response: infer A }
  ? SuccessStatus<R> extends 204
    ? void
    : SuccessStatus<R> extends keyof A
      ? A[SuccessStatus<R>] extends z.ZodType
        ? z.output<A[SuccessStatus<R>]>
        : never
      : never
  : never;
