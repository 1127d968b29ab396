/**
 * The error area at the top of a form modal: a local validation message (spec 2 §5 texts) or the
 * server's refusal with its detail (spec 1 §8), under one test id.
 */
import { Alert } from '@mantine/core';
import type { ApiError } from '../../lib/api-error.js';
import { ModalError } from './modal-error.js';

export function FormAlert({
  problem,
  error,
  testId,
}: {
  problem: string | null;
  error: ApiError | null;
  testId: string;
}) {
  if (problem !== null) return <Alert color="red" role="alert" title={problem} data-testid={testId} />;
  return <ModalError error={error} testId={testId} />;
}
