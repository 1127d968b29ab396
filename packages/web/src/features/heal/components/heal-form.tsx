/**
 * The Heal page's controls (spec 2 §2, §4): 'Select Bucket', Prefix, Start, and the Recursive,
 * Force Start and Force Stop boxes — the two force boxes exclude each other. Everything is disabled
 * while a heal runs; Start needs a bucket.
 */
import { Button, Checkbox, Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HEAL_TEST_IDS } from '../test-ids.js';
import { toggleFlag, type HealFlags } from './heal-model.js';

const ids = HEAL_TEST_IDS.heal;
/** The boxes in the order the spec lists them; each is its own text key and test id. */
const FLAGS = ['recursive', 'forceStart', 'forceStop'] as const satisfies readonly (keyof HealFlags)[];

export interface HealFormValue extends HealFlags {
  bucket: string;
  prefix: string;
}

/** The form before anything is chosen. */
export const EMPTY_HEAL_FORM: HealFormValue = {
  bucket: '',
  prefix: '',
  recursive: false,
  forceStart: false,
  forceStop: false,
};

export function HealForm({
  buckets,
  value,
  onChange,
  onStart,
  running,
}: {
  buckets: string[];
  value: HealFormValue;
  onChange: (value: HealFormValue) => void;
  onStart: () => void;
  running: boolean;
}) {
  const { t } = useTranslation(['heal']);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!running && value.bucket !== '') onStart();
      }}
    >
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('selectBucket')}
          placeholder={t('selectBucket')}
          data={buckets}
          value={value.bucket === '' ? null : value.bucket}
          onChange={(bucket) => onChange({ ...value, bucket: bucket ?? '' })}
          disabled={running}
          searchable
          data-testid={ids.bucket}
          miw={220}
        />
        <TextInput
          label={t('prefix')}
          value={value.prefix}
          onChange={(event) => onChange({ ...value, prefix: event.currentTarget.value })}
          disabled={running}
          data-testid={ids.prefix}
          miw={220}
        />
        <Button
          type="submit"
          disabled={running || value.bucket === ''}
          loading={running}
          data-testid={ids.start}
        >
          {t('start')}
        </Button>
      </Group>
      <Group gap="lg" mt="sm">
        {FLAGS.map((name) => (
          <Checkbox
            key={name}
            label={t(name)}
            checked={value[name]}
            disabled={running}
            data-testid={ids[name]}
            onChange={(event) =>
              onChange({ ...value, ...toggleFlag(value, name, event.currentTarget.checked) })
            }
          />
        ))}
      </Group>
    </form>
  );
}
