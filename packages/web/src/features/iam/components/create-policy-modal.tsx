/**
 * Create Policy (spec 2 §2, §5): 'Policy Name' (non-empty after trimming) and the policy document in
 * a JSON editor that validates as you type; Clear and Save. The server's refusal (a document it does
 * not accept) shows inside the modal; success closes it and the list reloads.
 */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IAM_TEST_IDS } from '../test-ids.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useModalForm } from '../../../shared/components/use-modal-form.js';
import { PolicyJsonInput } from '../../../shared/components/policy-json-input.js';
import { EMPTY_POLICY_TEMPLATE, policyJsonProblem } from '../../../shared/validation/policy-json.js';
import { useSavePolicy } from '../api/save-policy.js';
import { isPolicyFormValid, toSavePolicyRequest } from './policy-form.js';
import type { PolicyForm } from './policy-form.js';

const ids = IAM_TEST_IDS.createPolicy;

export function CreatePolicyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['iam', 'common']);
  const mutation = useSavePolicy();
  const { form, update, saving, clear, close, handleSubmit } = useModalForm({
    empty: { name: '', document: EMPTY_POLICY_TEMPLATE } satisfies PolicyForm,
    mutation,
    onClose,
    canSave: isPolicyFormValid,
    toRequest: toSavePolicyRequest,
    successMessage: (request) => t('createPolicy.created', { name: request.name }),
  });

  return (
    <Modal opened={opened} onClose={close} title={t('createPolicy.title')} size="xl" data-testid={ids.modal}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <ModalError error={mutation.error} testId={ids.error} />
          <TextInput
            label={t('createPolicy.name')}
            required
            value={form.name}
            onChange={(e) => update({ name: e.currentTarget.value })}
            disabled={saving}
            data-testid={ids.name}
            data-autofocus
          />
          <PolicyJsonInput
            label={t('createPolicy.document')}
            value={form.document}
            onChange={(document) => update({ document })}
            problem={policyJsonProblem(form.document)}
            disabled={saving}
            testId={ids.document}
            problemTestId={ids.documentProblem}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={clear} disabled={saving} data-testid={ids.clear}>
              {t('common:actions.clear')}
            </Button>
            <Button type="submit" disabled={!isPolicyFormValid(form)} loading={saving} data-testid={ids.save}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
