/**
 * The typed path bar (issue 9 §5): type a folder path (with or without slashes around it) and
 * press Enter or Go to open it in the object browser, however deep it is.
 */
import { ActionIcon, TextInput } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { browserPath, prefixOf } from '../api/object-paths.js';

export function PathBar({ bucket, prefix }: { bucket: string; prefix: string }) {
  const { t } = useTranslation('objects');
  const navigate = useNavigate();
  const [value, setValue] = useState(prefix);
  // Follow the browser when the user moves by other means (breadcrumb, rows): reset during render
  // when the prefix changes (React's pattern for state derived from a prop).
  const [shown, setShown] = useState(prefix);
  if (shown !== prefix) {
    setShown(prefix);
    setValue(prefix);
  }
  const go = () => void navigate(browserPath(bucket, prefixOf(value.trim())));
  return (
    <TextInput
      aria-label={t('bulk.pathBar')}
      placeholder={t('bulk.pathBarHint')}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') go();
      }}
      rightSection={
        <ActionIcon
          variant="subtle"
          aria-label={t('bulk.pathBarGo')}
          onClick={go}
          data-testid={OBJECTS_TEST_IDS.bulk.pathGo}
        >
          <IconArrowRight size={16} aria-hidden="true" />
        </ActionIcon>
      }
      mb="sm"
      data-testid={OBJECTS_TEST_IDS.bulk.pathBar}
    />
  );
}
