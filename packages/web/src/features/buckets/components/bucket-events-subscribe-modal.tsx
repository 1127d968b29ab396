/**
 * Subscribe To Event (spec 1 §2 modals, §3 "Event subscription", §7): the target's ARN picked
 * from GET /admin/arns, the event types put, get and delete (at least one), an optional prefix and
 * suffix; Save sends POST /buckets/{bucket}/events with ignoreExisting true. The refusal shows
 * inside the modal (spec 1 §8). Without any ARN the modal says where targets are added.
 */
import { Alert, Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import type { BucketEventType } from '../../../shared/api/types.js';
import { FormModal, ModalChangeForm, useModalChange } from '../../../shared/components/form-modal.js';
import { useArns, useSubscribeBucketEvent } from '../api/bucket-events.js';

const ids = BUCKETS_TEST_IDS.bucketEvents;
/** Spec 1 §9: event types put, get, delete. */
export const EVENT_TYPES: readonly BucketEventType[] = ['put', 'get', 'delete'];

export function BucketEventsSubscribeModal({
  bucket,
  opened,
  onClose,
}: {
  bucket: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['buckets']);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('events.subscribeTitle')}
      testId={ids.subscribeModal}
      size="lg"
    >
      {() => <SubscribeForm bucket={bucket} onClose={onClose} />}
    </FormModal>
  );
}

function SubscribeForm({ bucket, onClose }: { bucket: string; onClose: () => void }) {
  const { t } = useTranslation(['buckets', 'common']);
  const arns = useArns(true);
  const change = useModalChange(useSubscribeBucketEvent(bucket), onClose, () => t('events.subscribed'));
  const [arn, setArn] = useState('');
  const [events, setEvents] = useState<BucketEventType[]>([]);
  const [prefix, setPrefix] = useState('');
  const [suffix, setSuffix] = useState('');
  const options = arns.data?.arns ?? [];
  const valid = arn !== '' && events.length > 0;
  return (
    <ModalChangeForm
      change={change}
      valid={valid}
      send={() => {
        change.submit({ arn, events, prefix: prefix.trim(), suffix: suffix.trim() });
      }}
      label={t('common:actions.save')}
      ids={{ error: ids.subscribeError, cancel: ids.subscribeCancel, confirm: ids.subscribeSave }}
    >
      {arns.isSuccess && options.length === 0 && (
        <Alert color="gray" role="status" data-testid={ids.noArns}>
          {t('events.noArns')}
        </Alert>
      )}
      {arns.error !== null && (
        <Alert color="red" role="alert">
          {arns.error.message}
        </Alert>
      )}
      <NativeSelect
        label={t('events.arn')}
        withAsterisk
        data={[{ value: '', label: t('events.arnPlaceholder') }, ...options]}
        value={arn}
        onChange={(e) => setArn(e.currentTarget.value)}
        disabled={change.saving}
        data-testid={ids.arn}
      />
      <Checkbox.Group
        label={t('events.eventTypes')}
        withAsterisk
        value={events}
        onChange={(value) => setEvents(EVENT_TYPES.filter((type) => value.includes(type)))}
      >
        <Stack gap={6} mt={6}>
          {EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              value={type}
              label={t(`events.${type}`)}
              disabled={change.saving}
              data-testid={ids.event(type)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group grow>
        <TextInput
          label={t('events.prefix')}
          value={prefix}
          disabled={change.saving}
          onChange={(e) => setPrefix(e.currentTarget.value)}
          data-testid={ids.prefix}
        />
        <TextInput
          label={t('events.suffix')}
          value={suffix}
          disabled={change.saving}
          onChange={(e) => setSuffix(e.currentTarget.value)}
          data-testid={ids.suffix}
        />
      </Group>
    </ModalChangeForm>
  );
}
