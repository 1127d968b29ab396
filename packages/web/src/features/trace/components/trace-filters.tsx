/**
 * The Trace page's filters (spec 2 §2 Trace, §5, §9): the call kinds with 'All' overriding the
 * rest, the threshold, errors only, and the status code, method, function name and path filters.
 * Everything is disabled while the trace runs (spec 2 §4).
 */
import { Checkbox, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TRACE_TEST_IDS } from '../test-ids.js';
import { CALL_KINDS, thresholdProblem, type CallKind, type TraceForm } from './trace-form.js';

const ids = TRACE_TEST_IDS.trace;
/** The filters the console applies to each call (spec 2 §7). */
const FILTERS = ['statusCode', 'method', 'funcname', 'path'] as const;

export interface TraceFiltersProps {
  form: TraceForm;
  disabled: boolean;
  onChange: (form: TraceForm) => void;
}

export function TraceFilters({ form, disabled, onChange }: TraceFiltersProps) {
  const { t } = useTranslation(['trace']);
  const problem = thresholdProblem(form.threshold);
  return (
    <>
      <Checkbox.Group
        label={t('callsToTrace')}
        value={form.all ? ['all', ...CALL_KINDS] : [...form.calls]}
        onChange={(values) => {
          const all = values.includes('all');
          // Unticking 'All' goes back to the kinds chosen before it.
          if (all !== form.all) onChange({ ...form, all });
          else onChange({ ...form, calls: CALL_KINDS.filter((kind) => values.includes(kind)) });
        }}
      >
        <Group mt="xs" gap="lg">
          <Checkbox value="all" label={t('calls.all')} disabled={disabled} data-testid={ids.call('all')} />
          {CALL_KINDS.map((kind: CallKind) => (
            <Checkbox
              key={kind}
              value={kind}
              label={t(`calls.${kind}`)}
              disabled={disabled || form.all}
              data-testid={ids.call(kind)}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <Group mt="md" align="flex-end" gap="lg">
        <TextInput
          label={t('threshold')}
          inputMode="numeric"
          value={form.threshold}
          disabled={disabled}
          error={problem !== undefined ? t(problem) : undefined}
          data-testid={ids.threshold}
          onChange={(event) => onChange({ ...form, threshold: event.currentTarget.value })}
        />
        <Checkbox
          label={t('onlyErrors')}
          checked={form.onlyErrors}
          disabled={disabled}
          data-testid={ids.onlyErrors}
          onChange={(event) => onChange({ ...form, onlyErrors: event.currentTarget.checked })}
          mb={problem !== undefined ? 28 : 8}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mt="md">
        {FILTERS.map((key) => (
          <TextInput
            key={key}
            label={t(`filters.${key}`)}
            value={form[key]}
            disabled={disabled}
            data-testid={ids.filter(key)}
            onChange={(event) => onChange({ ...form, [key]: event.currentTarget.value })}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
