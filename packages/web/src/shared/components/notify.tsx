/**
 * The snackbar and the error toast (spec 1 §8, §9): info messages hide after 5 s, errors after 10 s;
 * an error with a detailed message offers a 'Details' toggle. The notifications store is created by
 * the app and handed down here, so nothing lives at module level.
 */
import { Button, Text } from '@mantine/core';
import { showNotification } from '@mantine/notifications';
import type { NotificationsStore } from '@mantine/notifications';
import { createContext, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-error.js';
import { SHELL_TEST_IDS } from '../test-ids.js';

export const SNACKBAR_AUTO_HIDE_MS = 5_000;
export const ERROR_AUTO_HIDE_MS = 10_000;

export interface Notify {
  success(message: string): void;
  error(error: ApiError | { message: string; detailedMessage?: string }): void;
}

const NotifyContext = createContext<Notify | null>(null);

function ErrorBody({ message, detail }: { message: string; detail?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Text size="sm">{message}</Text>
      {detail !== undefined && (
        <>
          <Button
            variant="subtle"
            size="compact-xs"
            px={0}
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            data-testid={SHELL_TEST_IDS.layout.notificationDetails}
          >
            {t('actions.details')}
          </Button>
          {open && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
        </>
      )}
    </div>
  );
}

export function createNotify(store: NotificationsStore): Notify {
  return {
    success(message) {
      showNotification(
        {
          message,
          color: 'teal',
          autoClose: SNACKBAR_AUTO_HIDE_MS,
          'data-testid': SHELL_TEST_IDS.layout.notification,
        },
        store,
      );
    },
    error(error) {
      showNotification(
        {
          message: <ErrorBody message={error.message} detail={error.detailedMessage} />,
          color: 'red',
          autoClose: ERROR_AUTO_HIDE_MS,
          'data-testid': SHELL_TEST_IDS.layout.notification,
        },
        store,
      );
    },
  };
}

export function NotifyProvider({ store, children }: { store: NotificationsStore; children: ReactNode }) {
  const notify = useMemo(() => createNotify(store), [store]);
  return <NotifyContext.Provider value={notify}>{children}</NotifyContext.Provider>;
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (notify === null) throw new Error('useNotify must be used inside <NotifyProvider>');
  return notify;
}
