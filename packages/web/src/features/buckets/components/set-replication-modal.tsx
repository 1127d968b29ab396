/**
 * Set Multiple Bucket Replication (spec 1 §2, §4): a two-step wizard for the buckets selected on
 * the list. Remote Configuration (the remote's address and keys, mode, bandwidth, health check;
 * the modal advises against root credentials) — Next lists the remote's buckets with those keys
 * and advances on success. Buckets Assignation: a destination per bucket, picked from the remote's
 * buckets when it listed any, typed otherwise. Create sends one request; when every bucket worked
 * the wizard closes and the list is read again; otherwise each bucket shows a success or error
 * icon (the error's text as its tooltip) and the ones that worked leave the list after 500 ms.
 * Going back is possible only to a step already reached.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useListExternalBuckets, useSetMultiBucketReplication } from '../api/bucket-replication.js';
import {
  REMOTE_DEFAULTS,
  ReplicationRemoteFields,
  remoteRequest,
  type RemoteForm,
} from './replication-remote-fields.js';

const ids = BUCKETS_TEST_IDS.replication;
/** Spec 1 §9: succeeded buckets leave the list after this long. */
export const REPLICATION_CLEANUP_MS = 500;

export interface SetReplicationModalProps {
  buckets: readonly string[];
  opened: boolean;
  onClose: () => void;
}

export function SetReplicationModal({ buckets, opened, onClose }: SetReplicationModalProps) {
  const { t } = useTranslation(['buckets']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('replication.title')}
      size="xl"
      data-testid={ids.wizard}
    >
      {opened && <Wizard buckets={buckets} onClose={onClose} />}
    </Modal>
  );
}

type Outcome = { ok: true } | { ok: false; error: string };

function Wizard({ buckets, onClose }: { buckets: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation(['buckets', 'common']);
  const notify = useNotify();
  const [step, setStep] = useState(0);
  const [reached, setReached] = useState(0);
  const [remote, setRemote] = useState<RemoteForm>(REMOTE_DEFAULTS);
  const [pending, setPending] = useState<string[]>([...buckets]);
  const [destinations, setDestinations] = useState<Record<string, string>>({});
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const listing = useListExternalBuckets();
  const creating = useSetMultiBucketReplication();
  const remoteBuckets = listing.data?.buckets.map((b) => b.name) ?? [];
  const busy = listing.isPending || creating.isPending;

  // Buckets that worked leave the list shortly after their success icon showed.
  useEffect(() => {
    const done = pending.filter((name) => outcomes[name]?.ok === true);
    if (done.length === 0) return;
    const timer = setTimeout(
      () => setPending((names) => names.filter((name) => !done.includes(name))),
      REPLICATION_CLEANUP_MS,
    );
    return () => clearTimeout(timer);
  }, [outcomes, pending]);

  const next = () => {
    listing.mutate(
      {
        accessKey: remote.accessKey,
        secretKey: remote.secretKey,
        targetURL: remote.targetURL.trim(),
        useTLS: remote.useTLS,
        ...(remote.region.trim() !== '' ? { region: remote.region.trim() } : {}),
      },
      {
        onSuccess: () => {
          setStep(1);
          setReached(1);
        },
      },
    );
  };

  const create = () => {
    const relations = pending.map((originBucket) => ({
      originBucket,
      destinationBucket: (destinations[originBucket] ?? '').trim(),
    }));
    creating.mutate(
      { ...remoteRequest(remote), bucketsRelation: relations },
      {
        onSuccess: (answer) => {
          if (answer.replicationState.every((state) => state.errorString === '')) {
            notify.success(t('replication.created'));
            onClose();
            return;
          }
          setOutcomes(
            Object.fromEntries(
              answer.replicationState.map((state) => [
                state.originBucket,
                state.errorString === '' ? { ok: true } : { ok: false, error: state.errorString },
              ]),
            ),
          );
        },
      },
    );
  };

  return (
    <Stack>
      <Stepper
        active={step}
        onStepClick={(index) => {
          if (index <= reached && !busy) setStep(index);
        }}
        size="sm"
      >
        <Stepper.Step label={t('replication.remoteStep')} data-testid={ids.stepRemote}>
          <Stack gap="sm" mt="sm">
            <Alert color="yellow" variant="light" role="note" icon={<IconAlertTriangle aria-hidden="true" />}>
              {t('replication.rootAdvice')}
            </Alert>
            <ModalError error={listing.error} testId={ids.error} />
            <ReplicationRemoteFields form={remote} onChange={setRemote} disabled={busy} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('replication.assignStep')} data-testid={ids.stepAssign}>
          <Stack gap="sm" mt="sm">
            <ModalError error={creating.error} testId={ids.error} />
            {creating.isSuccess && creating.data.replicationState.length === 0 && (
              <Alert color="gray">{t('replication.noChanges')}</Alert>
            )}
            <Table withTableBorder verticalSpacing={4} data-testid={ids.assignTable}>
              <Table.Thead>
                <Table.Tr h={40}>
                  <Table.Th>{t('replication.origin')}</Table.Th>
                  <Table.Th>{t('replication.destination')}</Table.Th>
                  <Table.Th w={60}>{t('replication.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pending.map((name) => (
                  <Table.Tr key={name} data-testid={ids.assignRow(name)}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{name}</Table.Td>
                    <Table.Td>
                      <Destination
                        bucket={name}
                        remoteBuckets={remoteBuckets}
                        value={destinations[name] ?? ''}
                        disabled={busy}
                        onChange={(value) => setDestinations((d) => ({ ...d, [name]: value }))}
                      />
                    </Table.Td>
                    <Table.Td>
                      <OutcomeIcon outcome={outcomes[name]} bucket={name} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy} data-testid={ids.cancel}>
          {t('common:actions.cancel')}
        </Button>
        {step === 1 && (
          <Button variant="default" onClick={() => setStep(0)} disabled={busy} data-testid={ids.back}>
            {t('replication.back')}
          </Button>
        )}
        {step === 0 ? (
          <Button onClick={next} loading={listing.isPending} data-testid={ids.next}>
            {t('replication.next')}
          </Button>
        ) : (
          <Button
            onClick={create}
            // No required-field checks (spec 1 §5): a bucket left unassigned comes back with the
            // server's error string beside it, like any other failed bucket.
            disabled={pending.length === 0}
            loading={creating.isPending}
            data-testid={ids.create}
          >
            {t('common:actions.create')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function Destination({
  bucket,
  remoteBuckets,
  value,
  disabled,
  onChange,
}: {
  bucket: string;
  remoteBuckets: readonly string[];
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation(['buckets']);
  const label = t('replication.destinationOf', { name: bucket });
  if (remoteBuckets.length > 0) {
    return (
      <NativeSelect
        aria-label={label}
        data={[{ value: '', label: t('replication.pickDestination') }, ...remoteBuckets]}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        disabled={disabled}
        data-testid={ids.destination(bucket)}
      />
    );
  }
  return (
    <TextInput
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      disabled={disabled}
      data-testid={ids.destination(bucket)}
    />
  );
}

function OutcomeIcon({ outcome, bucket }: { outcome: Outcome | undefined; bucket: string }) {
  const { t } = useTranslation(['buckets']);
  if (outcome === undefined) return null;
  if (outcome.ok) {
    return (
      <Text c="teal.8" data-testid={ids.outcome(bucket)} data-outcome="ok">
        <IconCircleCheck size={20} aria-label={t('replication.succeeded')} />
      </Text>
    );
  }
  return (
    <Tooltip label={outcome.error} multiline w={320} withArrow>
      <ActionIcon
        variant="subtle"
        color="red.8"
        aria-label={t('replication.failed', { error: outcome.error })}
        data-testid={ids.outcome(bucket)}
        data-outcome="error"
      >
        <IconAlertTriangle size={20} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
