/**
 * The Rewind modal (spec 2 §2 "Object modals", §4 "Rewind"): the 'Rewind to' date and time, the
 * 'Current Status' switch and one button — 'Show Rewind Data' while the switch is on (rewinds to
 * the date), 'Show Current Data' when it is off (rewind off). The button is disabled while the
 * switch is on and no date is chosen.
 */
import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { pickerValue, rewindInstant } from './rewind-form.js';

const ids = OBJECTS_TEST_IDS.rewind;

export interface RewindModalProps {
  opened: boolean;
  /** The date rewound to now ('' when off): the picker starts there. */
  date: string;
  onRewind: (isoDate: string) => void;
  onCurrent: () => void;
  onClose: () => void;
}

export function RewindModal(props: RewindModalProps) {
  const { t } = useTranslation('objects');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('rewind.title')} data-testid={ids.modal}>
      {props.opened && <RewindForm {...props} />}
    </Modal>
  );
}

function RewindForm({ date, onRewind, onCurrent, onClose }: RewindModalProps) {
  const { t } = useTranslation('objects');
  const [local, setLocal] = useState(() => pickerValue(date));
  const [status, setStatus] = useState(true);
  const instant = rewindInstant(local);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status) {
      if (instant === undefined) return;
      onRewind(instant);
    } else {
      onCurrent();
    }
    onClose();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          type="datetime-local"
          step={1}
          label={t('rewind.to')}
          value={local}
          disabled={!status}
          onChange={(e) => setLocal(e.currentTarget.value)}
          data-testid={ids.date}
          data-autofocus
        />
        <Switch
          label={t('rewind.currentStatus')}
          checked={status}
          onChange={(e) => setStatus(e.currentTarget.checked)}
          data-testid={ids.currentStatus}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={status && instant === undefined} data-testid={ids.apply}>
            {status ? t('rewind.showRewind') : t('rewind.showCurrent')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
