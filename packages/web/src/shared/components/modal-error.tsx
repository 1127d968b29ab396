/**
 * An error shown inside a modal (spec 1 §8): the message, and the detail unless it is shorter than
 * five characters.
 */
import { Alert } from '@mantine/core';
import { modalDetail } from '../../lib/api-error.js';
import type { ApiError } from '../../lib/api-error.js';

export function ModalError({ error, testId }: { error: ApiError | null; testId: string }) {
  if (error === null) return null;
  const detail = modalDetail(error);
  return (
    <Alert color="red" title={error.message} data-testid={testId} role="alert">
      {detail}
    </Alert>
  );
}
