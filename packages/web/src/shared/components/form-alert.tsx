/**
 * The error area at the top of a form modal: a local validation message (spec 2 §5 texts) or the
 * server's refusal with its detail (spec 1 §8), under one test id.
 */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-error.js';
import type { Problem } from '../validation/problem.js';
import { ModalError } from './modal-error.js';

export function FormAlert({
  problem,
  error,
  testId,
}: {
  problem: Problem | null;
  error: ApiError | null;
  testId: string;
}) {
  const { t } = useTranslation();
  if (problem !== null) {
    const title = t(problem.key, { detail: problem.detail ?? '' });
    return <Alert color="red" role="alert" title={title} data-testid={testId} />;
  }
  return <ModalError error={error} testId={testId} />;
}
