/**
 * Set Policies (spec 2 §2): the policies a user or a group has, chosen from the policy list (at
 * most 1000, spec 2 §9) with the current ones ticked; Save gives the entity exactly those.
 */
import { Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { IAM_TEST_IDS } from '../test-ids.js';
import type { EntityType } from '../../../shared/api/types.js';
import { useNotify } from '../../../shared/components/notify.js';
import { ASSIGNMENT_POLICY_LIMIT, usePolicies } from '../api/list-policies.js';
import { useSetPolicy } from '../api/set-policy.js';
import { NameChoiceForm } from './name-choice-form.js';

const ids = IAM_TEST_IDS.setPolicies;

export interface SetPoliciesTarget {
  entityName: string;
  entityType: EntityType;
  current: readonly string[];
}

function SetPoliciesForm({ target, onClose }: { target: SetPoliciesTarget; onClose: () => void }) {
  const { t } = useTranslation('iam');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(target.current));
  const policies = usePolicies(ASSIGNMENT_POLICY_LIMIT);
  const mutation = useSetPolicy();
  const notify = useNotify();

  const save = () =>
    mutation.mutate(
      { policies: [...selected].sort(), entityName: target.entityName, entityType: target.entityType },
      {
        onSuccess: () => {
          notify.success(t('setPolicies.saved', { name: target.entityName }));
          onClose();
        },
      },
    );

  return (
    <NameChoiceForm
      picker={{
        list: 'set-policies',
        title: t('setPolicies.assign'),
        filterPlaceholder: t('picker.filterPolicies'),
        names: (policies.data?.policies ?? []).map((p) => p.name),
        selected,
        onChange: setSelected,
        emptyText: t('picker.noPolicies'),
        loaded: policies.isSuccess,
      }}
      error={mutation.error}
      pending={mutation.isPending}
      onSave={save}
      onCancel={onClose}
      errorTestId={ids.error}
      saveTestId={ids.save}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {target.entityType === 'user' ? (
          <Trans
            t={t}
            i18nKey="setPolicies.user"
            values={{ name: target.entityName }}
            components={{ strong: <strong /> }}
          />
        ) : (
          <Trans
            t={t}
            i18nKey="setPolicies.group"
            values={{ name: target.entityName }}
            components={{ strong: <strong /> }}
          />
        )}
      </Text>
    </NameChoiceForm>
  );
}

export function SetPoliciesModal({
  target,
  onClose,
}: {
  target: SetPoliciesTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('iam');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t('setPolicies.title')}
      size="lg"
      data-testid={ids.modal}
    >
      {target !== null && <SetPoliciesForm target={target} onClose={onClose} />}
    </Modal>
  );
}
