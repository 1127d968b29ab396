/**
 * The Create Bucket modal (spec 1 §2, §4, §5, §9). Form rules live in create-bucket-form.ts; this
 * component lays them out: name (the naming rule it breaks shown under it as the user types; Save
 * follows 1000 ms after the last key), the feature switches, quota
 * and retention details, the non-erasure-coded notice (or, against a server without MinIO's admin
 * API, why there is no quota), errors inside the modal, Clear and Save. Each switch follows what
 * the server offers (the session's capabilities).
 */
import { Alert, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useReducer } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useDistributedMode, useServerCapabilities } from '../../../shared/session/session-context.js';
import { useCreateBucket } from '../api/create-bucket.js';
import { bucketNameProblem } from './bucket-name-rules.js';
import {
  DEFAULT_CREATE_BUCKET_FORM,
  createBucketReducer,
  isCreateBucketFormValid,
  retentionOffered,
  toCreateBucketRequest,
} from './create-bucket-form.js';
import { QuotaFields } from './quota-fields.js';
import { RetentionFields } from './retention-fields.js';
import type { CreateFeatures } from './create-bucket-form.js';

export const NAME_DEBOUNCE_MS = 1000;

const QUOTA_IDS = {
  type: BUCKETS_TEST_IDS.createBucket.quotaType,
  size: BUCKETS_TEST_IDS.createBucket.quotaSize,
  unit: BUCKETS_TEST_IDS.createBucket.quotaUnit,
};
const RETENTION_IDS = {
  mode: BUCKETS_TEST_IDS.createBucket.retentionMode,
  validity: BUCKETS_TEST_IDS.createBucket.retentionValidity,
  unit: BUCKETS_TEST_IDS.createBucket.retentionUnit,
};

export interface CreateBucketModalProps {
  opened: boolean;
  onClose: () => void;
}

export function CreateBucketModal({ opened, onClose }: CreateBucketModalProps) {
  const { t } = useTranslation(['buckets', 'common']);
  const distributed = useDistributedMode();
  const capabilities = useServerCapabilities();
  // What this server offers: MinIO says it by its backend, a plain S3 server by being asked.
  const offered: CreateFeatures = {
    versioning: capabilities.versioning,
    locking: capabilities.objectLocking,
    quota: capabilities.quota,
  };
  const retention = retentionOffered(offered);
  const [form, dispatch] = useReducer(createBucketReducer, DEFAULT_CREATE_BUCKET_FORM);
  const [debouncedName] = useDebouncedValue(form.name, NAME_DEBOUNCE_MS);
  const mutation = useCreateBucket();
  const notify = useNotify();
  const valid = isCreateBucketFormValid(form, debouncedName, offered);
  const saving = mutation.isPending;
  // Checked on every key, not debounced: the user sees which rule the name breaks while typing.
  const nameProblem = bucketNameProblem(form.name.trim());

  const close = () => {
    dispatch({ type: 'clear' });
    mutation.reset();
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || saving) return;
    const request = toCreateBucketRequest(form, offered);
    mutation.mutate(request, {
      onSuccess: () => {
        notify.success(t('create.created', { name: request.name }));
        close();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('create.title')}
      size="lg"
      data-testid={BUCKETS_TEST_IDS.createBucket.modal}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <ModalError error={mutation.error} testId={BUCKETS_TEST_IDS.createBucket.error} />
          <TextInput
            label={t('create.name')}
            required
            value={form.name}
            onChange={(e) => dispatch({ type: 'name', value: e.currentTarget.value })}
            disabled={saving}
            error={nameProblem === null ? undefined : t(`create.nameRules.${nameProblem}`)}
            errorProps={{ 'data-testid': BUCKETS_TEST_IDS.createBucket.nameRule, role: 'alert' }}
            data-testid={BUCKETS_TEST_IDS.createBucket.name}
            data-autofocus
          />
          <Text fw={600} size="sm">
            {t('create.features')}
          </Text>
          {capabilities.adminApi && !distributed && (
            <Alert color="gray" data-testid={BUCKETS_TEST_IDS.createBucket.nonErasureMessage}>
              {t('create.nonErasure')}
            </Alert>
          )}
          {!capabilities.adminApi && (
            <Alert color="gray" data-testid={BUCKETS_TEST_IDS.createBucket.noAdminApiMessage}>
              {t('anyServer.quotaNotOffered')}
            </Alert>
          )}
          <Switch
            label={t('create.versioning')}
            checked={offered.versioning && form.versioning}
            disabled={!offered.versioning || saving}
            onChange={(e) => dispatch({ type: 'versioning', value: e.currentTarget.checked })}
            data-testid={BUCKETS_TEST_IDS.createBucket.versioning}
          />
          <Switch
            label={t('create.locking')}
            checked={offered.locking && form.locking}
            disabled={!offered.locking || form.retentionEnabled || saving}
            onChange={(e) => dispatch({ type: 'locking', value: e.currentTarget.checked })}
            data-testid={BUCKETS_TEST_IDS.createBucket.locking}
          />
          <Switch
            label={t('create.quota')}
            checked={offered.quota && form.quotaEnabled}
            disabled={!offered.quota || saving}
            onChange={(e) => dispatch({ type: 'quotaEnabled', value: e.currentTarget.checked })}
            data-testid={BUCKETS_TEST_IDS.createBucket.quota}
          />
          {offered.quota && form.quotaEnabled && (
            <Stack gap="xs" pl="lg">
              <QuotaFields
                value={form}
                onChange={(value) => dispatch({ type: 'details', value })}
                disabled={saving}
                ids={QUOTA_IDS}
              />
            </Stack>
          )}
          {retention && form.versioning && (
            <Switch
              label={t('create.retention')}
              checked={form.retentionEnabled}
              disabled={saving}
              onChange={(e) => dispatch({ type: 'retentionEnabled', value: e.currentTarget.checked })}
              data-testid={BUCKETS_TEST_IDS.createBucket.retention}
            />
          )}
          {retention && form.versioning && form.retentionEnabled && (
            <Stack gap="xs" pl="lg">
              <RetentionFields
                value={form}
                onChange={(value) => dispatch({ type: 'details', value })}
                disabled={saving}
                ids={RETENTION_IDS}
              />
            </Stack>
          )}
          <Group justify="flex-end" mt="sm">
            <Button
              variant="default"
              onClick={() => {
                dispatch({ type: 'clear' });
                mutation.reset();
              }}
              disabled={saving}
              data-testid={BUCKETS_TEST_IDS.createBucket.clear}
            >
              {t('common:actions.clear')}
            </Button>
            <Button
              type="submit"
              disabled={!valid}
              loading={saving}
              data-testid={BUCKETS_TEST_IDS.createBucket.save}
            >
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
