/**
 * Session bootstrap (spec 1 §2): fetch the session; when its status is 'ok' render the signed-in
 * app with it, otherwise (failure, or not signed in) go to /login. In operator mode the page title
 * becomes the operator title.
 */
import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSessionQuery } from '../shared/session/get-session.js';
import { SessionProvider } from '../shared/session/session-context.js';

export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSessionQuery();
  const operator = session.data?.operator === true;
  const title = operator ? t('operatorTitle') : t('consoleTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (session.isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (session.isError || session.data.status !== 'ok') return <Navigate to="/login" replace />;
  return <SessionProvider session={session.data}>{children}</SessionProvider>;
}
