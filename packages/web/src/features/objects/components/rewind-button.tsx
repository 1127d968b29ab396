/**
 * The object browser's Rewind button (spec 2 §2): disabled unless the bucket is versioned, with a
 * dot badge while rewind is active; it opens the Rewind modal.
 */
import { Button, Indicator, Tooltip } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { useRewindAvailable } from '../api/rewind-objects.js';
import { RewindModal } from './rewind-modal.js';
import type { RewindMode } from './use-rewind.js';

export function RewindButton({ bucket, rewind }: { bucket: string; rewind: RewindMode }) {
  const { t } = useTranslation('objects');
  const [open, setOpen] = useState(false);
  const versioned = useRewindAvailable(bucket).data === true;
  const button = (
    <Indicator
      disabled={!rewind.active}
      size={9}
      offset={4}
      data-testid={rewind.active ? OBJECTS_TEST_IDS.rewind.badge : undefined}
    >
      <Button
        variant="default"
        leftSection={<IconHistory size={16} aria-hidden="true" />}
        disabled={!versioned}
        onClick={() => setOpen(true)}
        aria-label={rewind.active ? `${t('rewind.button')} (${t('rewind.active')})` : undefined}
        data-testid={OBJECTS_TEST_IDS.rewind.button}
      >
        {t('rewind.button')}
      </Button>
    </Indicator>
  );
  return (
    <>
      {versioned ? button : <Tooltip label={t('rewind.notVersioned')}>{<span>{button}</span>}</Tooltip>}
      <RewindModal
        opened={open}
        date={rewind.date}
        onRewind={rewind.enable}
        onCurrent={rewind.disable}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
