/** Delete ServiceAccount (spec 2 §2): confirmation; the lists of service accounts reload after it. */
import { Trans, useTranslation } from 'react-i18next';
import { SERVICE_ACCOUNT_TEST_IDS } from './service-account-test-ids.js';
import { useDeleteServiceAccount } from '../api/delete-service-account.js';
import { ConfirmDeleteModal } from './confirm-delete-modal.js';
import { useNotify } from './notify.js';

export function DeleteServiceAccountModal({
  accessKey,
  onClose,
}: {
  accessKey: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useDeleteServiceAccount();
  const notify = useNotify();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const handleConfirm = () => {
    if (accessKey === null) return;
    mutation.mutate(accessKey, {
      onSuccess: () => {
        notify.success(t('serviceAccount.deleted', { name: accessKey }));
        close();
      },
    });
  };
  return (
    <ConfirmDeleteModal
      opened={accessKey !== null}
      title={t('serviceAccount.deleteTitle')}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={handleConfirm}
      onClose={close}
      testIds={SERVICE_ACCOUNT_TEST_IDS.deleteServiceAccount}
    >
      <Trans
        t={t}
        i18nKey="serviceAccount.deleteQuestion"
        values={{ name: accessKey ?? '' }}
        components={{ strong: <strong /> }}
      />
    </ConfirmDeleteModal>
  );
}
