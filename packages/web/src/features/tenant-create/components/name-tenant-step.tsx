/**
 * Name Tenant (spec 3 §2, §4 "Tenant name step", §5 "Tenant name and namespace"): tenant name,
 * namespace and storage class. The namespace is looked up by the page (`useNamespaceCheck`); when
 * its quota cannot be read the step offers 'Add namespace', which asks 'Create new namespace'
 * first.
 */
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TENANT_CREATE_IDS } from '../test-ids.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useCreateNamespace } from '../api/create-namespace.js';
import type { NameTenantForm } from '../model/form.js';
import type { StepProblems } from '../model/rules.js';
import { useFieldErrors } from './use-field-errors.js';
import type { NamespaceLookup } from './use-namespace-check.js';

const ids = TENANT_CREATE_IDS;

export function NameTenantStep({
  value,
  onChange,
  problems,
  lookup,
}: {
  value: NameTenantForm;
  onChange: (patch: Partial<NameTenantForm>) => void;
  problems: StepProblems;
  lookup: NamespaceLookup;
}) {
  const { t } = useTranslation('tenantCreate');
  const { error, touch } = useFieldErrors(problems);
  const [confirming, setConfirming] = useState(false);
  const notify = useNotify();
  const createNamespace = useCreateNamespace();
  // While the lookup runs, the field shows no verdict; the Next button stays disabled meanwhile.
  const namespaceError = problems.namespace?.key === 'checkingNamespace' ? undefined : error('namespace');
  const tenantNameError = error('tenantName');
  const storageClassError = error('selectedStorageClass');

  const confirmCreate = () => {
    const name = value.namespace.trim();
    createNamespace.mutate(name, {
      onSuccess: () => {
        setConfirming(false);
        notify.success(t('name.namespaceCreated', { name }));
      },
    });
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('name.intro')}</Text>
      <TextInput
        label={t('name.tenantName')}
        required
        value={value.tenantName}
        onChange={(e) => {
          touch('tenantName');
          onChange({ tenantName: e.currentTarget.value });
        }}
        onBlur={() => touch('tenantName')}
        error={tenantNameError}
        data-testid={ids.field('tenantName')}
      />
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('name.namespace')}
          required
          value={value.namespace}
          onChange={(e) => {
            touch('namespace');
            onChange({ namespace: e.currentTarget.value, selectedStorageClass: '' });
          }}
          onBlur={() => touch('namespace')}
          error={namespaceError}
          data-testid={ids.field('namespace')}
        />
        {lookup.offerCreate && lookup.namespace === value.namespace.trim() && (
          <Button
            mt={25}
            variant="outline"
            onClick={() => setConfirming(true)}
            data-testid={ids.addNamespace}
          >
            {t('name.addNamespace')}
          </Button>
        )}
      </Group>
      <Select
        label={t('name.storageClass')}
        required
        data={lookup.storageClasses.map((name) => ({ value: name, label: name }))}
        value={value.selectedStorageClass === '' ? null : value.selectedStorageClass}
        onChange={(selected) => onChange({ selectedStorageClass: selected ?? '' })}
        disabled={lookup.storageClasses.length === 0}
        allowDeselect={false}
        error={storageClassError}
        data-testid={ids.field('selectedStorageClass')}
      />
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('name.createNamespaceTitle')}
        data-testid={ids.namespaceModal}
      >
        <Stack gap="md">
          <ModalError error={createNamespace.error} testId={ids.namespaceError} />
          <Text size="sm">{t('name.createNamespaceQuestion', { name: value.namespace.trim() })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button
              onClick={confirmCreate}
              loading={createNamespace.isPending}
              data-testid={ids.namespaceConfirm}
            >
              {t('name.createNamespaceConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
