/**
 * The full text of the GNU AGPL v3 (spec 2 §2 License page modals), loaded only when the modal
 * opens (it is 34 KB). The license text is reproduced verbatim, as its own terms permit; it is
 * not translated (the FSF publishes no official translations).
 */
import { Loader, Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LICENSE_TEST_IDS } from '../test-ids.js';

export function AgplModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['license', 'common']);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!opened || text !== null) return;
    let live = true;
    void import('./agpl-3.0.txt?raw').then((m) => {
      if (live) setText(m.default);
    });
    return () => {
      live = false;
    };
  }, [opened, text]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('agplTitle')}
      size="xl"
      data-testid={LICENSE_TEST_IDS.license.agplModal}
    >
      {text === null ? (
        <Loader aria-label={t('common:loading')} />
      ) : (
        // A focusable scrolling region, so the text can be read with the keyboard too.
        <pre
          role="region"
          aria-label={t('agplTitle')}
          tabIndex={0}
          data-testid={LICENSE_TEST_IDS.license.agplText}
          style={{
            whiteSpace: 'pre-wrap',
            fontSize: 'var(--mantine-font-size-xs)',
            margin: 0,
            maxHeight: '70vh',
            overflow: 'auto',
          }}
        >
          {text}
        </pre>
      )}
    </Modal>
  );
}
