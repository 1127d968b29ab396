/**
 * How a step shows its problems: every rule message at once, except 'Field cannot be empty',
 * which waits until the field was left or typed in — an untouched empty form is not an error yet.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../model/problem-text.js';
import type { StepProblems } from '../model/rules.js';

export interface FieldErrors {
  /** The message to show under field `name`, if any. */
  error(name: string): string | undefined;
  /** Marks `name` as touched (on change and on blur). */
  touch(name: string): void;
}

export function useFieldErrors(problems: StepProblems): FieldErrors {
  const { t } = useTranslation('tenantCreate');
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const touch = useCallback(
    (name: string) => setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name))),
    [],
  );
  const error = (name: string) => {
    const problem = problems[name];
    if (problem === undefined || (problem.key === 'fieldRequired' && !touched.has(name))) return undefined;
    return problemText(t, problem);
  };
  return { error, touch };
}
