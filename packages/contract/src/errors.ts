/**
 * The console API's error shape and error-code catalogue.
 *
 * Every failed call answers `{ code?, message, detailedMessage }` (spec 1 §8: the browser shows
 * `message`, and `detailedMessage` unless it repeats the message); bulk operations add `outcome`
 * so a partial failure still reports exact counts. `code` is one of ERROR_CODES — the one table of
 * what can go wrong, with the usual HTTP status and what it means. ERRORS.md in this package is
 * rendered from the table (`renderErrorCatalogue`) and a test keeps the two equal.
 */
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';

export { ERROR_CODES, type ErrorCode } from './error-codes.js';

export const ErrorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

export const DeleteErrorSchema = z.object({
  path: z.string(),
  version_id: z.string().optional(),
  code: z.string().describe("The storage server's error code, e.g. AccessDenied"),
  message: z.string(),
});

/** Exact result of a (possibly recursive, possibly bulk) delete. */
export const DeleteOutcomeSchema = z
  .object({
    deleted: z.number().int().nonnegative().describe('Objects (or versions) deleted'),
    failed: z.number().int().nonnegative().describe('Objects (or versions) that could not be deleted'),
    errors: z.array(DeleteErrorSchema).describe('The first failures (at most 100)'),
  })
  .meta({ id: 'DeleteOutcome' });

export const ErrorResponseSchema = z
  .object({
    code: ErrorCodeSchema.optional(),
    message: z.string().describe('Short, shown to the user'),
    detailedMessage: z.string().describe('The underlying reason (often the storage server message)'),
    outcome: DeleteOutcomeSchema.optional().describe('Bulk operations: the exact counts'),
  })
  .meta({ id: 'Error' });

export type DeleteError = z.infer<typeof DeleteErrorSchema>;
export type DeleteOutcome = z.infer<typeof DeleteOutcomeSchema>;
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** ERRORS.md: the catalogue as a Markdown table. */
export function renderErrorCatalogue(): string {
  const rows = Object.entries(ERROR_CODES).map(
    ([code, { status, description }]) => `| \`${code}\` | ${status} | ${description} |`,
  );
  return [
    '# Console API error codes',
    '',
    'Generated from `ERROR_CODES` in `src/error-codes.ts` (a test keeps this file equal to it).',
    'Every error answer is `{ code?, message, detailedMessage, outcome? }`.',
    '',
    '| code | usual status | meaning |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
