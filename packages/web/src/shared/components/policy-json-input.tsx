/**
 * The policy document editor: Mantine's JSON textarea (monospace, formats on blur) with the
 * problem from `policyJsonProblem` shown under it while the text cannot be a policy, so forms can
 * keep Save disabled until it can.
 */
import { JsonInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Problem } from '../validation/problem.js';

export interface PolicyJsonInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: Problem | null;
  disabled?: boolean;
  testId: string;
  problemTestId: string;
  minRows?: number;
}

export function PolicyJsonInput({
  label,
  value,
  onChange,
  problem,
  disabled,
  testId,
  problemTestId,
  minRows = 12,
}: PolicyJsonInputProps) {
  const { t } = useTranslation();
  return (
    <JsonInput
      label={label}
      value={value}
      onChange={onChange}
      formatOnBlur
      autosize
      minRows={minRows}
      maxRows={24}
      spellCheck={false}
      disabled={disabled}
      error={problem === null ? null : t(problem.key, { detail: problem.detail ?? '' })}
      errorProps={{ 'data-testid': problemTestId }}
      data-testid={testId}
      styles={{ input: { fontSize: 13 } }}
    />
  );
}
