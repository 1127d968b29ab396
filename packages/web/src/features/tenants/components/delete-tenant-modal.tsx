/**
 * Delete Tenant (spec 3 §2, §4): the tenant's name typed to confirm; once deleted, 'Tenant
 * Deleted' and the way to /tenants — from the list itself, or from the tenant's own page.
 */
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useDeleteTenant } from '../api/tenants.js';
import type { TenantRef } from '../api/types.js';
import { TypedNameDeleteModal } from './typed-name-delete-modal.js';

export function DeleteTenantModal({ tenant, onClose }: { tenant: TenantRef | null; onClose: () => void }) {
  const { t } = useTranslation('tenants');
  const mutation = useDeleteTenant();
  const notify = useNotify();
  const navigate = useNavigate();
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <TypedNameDeleteModal
      name={tenant?.name ?? null}
      title={t('delete.title')}
      question={
        <Trans
          t={t}
          i18nKey="delete.question"
          values={{ name: tenant?.name ?? '' }}
          components={{ strong: <strong /> }}
        />
      }
      inputLabel={t('delete.typeName')}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => {
        if (tenant === null) return;
        mutation.mutate(tenant, {
          onSuccess: () => {
            notify.success(t('delete.deleted'));
            close();
            void navigate('/tenants');
          },
        });
      }}
      onClose={close}
      testIds={OPERATOR_TEST_IDS.deleteTenant}
    />
  );
}
