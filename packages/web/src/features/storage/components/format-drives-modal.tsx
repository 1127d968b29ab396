/**
 * The Format dialog (spec 3 §2, §4 "Drive format", §5): the drives to format, a Force Format
 * switch, the warning that everything on them is erased for good, and a box that must hold exactly
 * 'YES, PROCEED' before the confirm button is enabled. The outcome — the drives that could not be
 * formatted — goes to `onFormatted`.
 */
import { Button, Code, Group, List, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { useFormatDrives } from '../api/storage.js';
import type { FormatIssue } from '../api/storage.js';

const ids = OPERATOR_TEST_IDS.formatDrives;

/** The phrase the spec requires, the same in every language. */
export const FORMAT_PHRASE = 'YES, PROCEED';

export interface FormatDrivesModalProps {
  /** 'node:drive' names; null: closed. */
  drives: readonly string[] | null;
  onClose: () => void;
  onFormatted: (issues: FormatIssue[]) => void;
}

export function FormatDrivesModal(props: FormatDrivesModalProps) {
  const { t } = useTranslation('storage');
  return (
    <Modal
      opened={props.drives !== null}
      onClose={props.onClose}
      title={t('format.title')}
      data-testid={ids.modal}
    >
      {props.drives !== null && <FormatForm {...props} drives={props.drives} />}
    </Modal>
  );
}

function FormatForm({
  drives,
  onClose,
  onFormatted,
}: FormatDrivesModalProps & { drives: readonly string[] }) {
  const { t } = useTranslation(['storage', 'common']);
  const [force, setForce] = useState(false);
  const [phrase, setPhrase] = useState('');
  const format = useFormatDrives();
  const canFormat = phrase === FORMAT_PHRASE && !format.isPending;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!canFormat) return;
        format.mutate({ drives: [...drives], force }, { onSuccess: (issues) => onFormatted(issues) });
      }}
    >
      <Stack>
        <Text fw={600}>{t('format.selected')}</Text>
        <List size="sm" data-testid={ids.list}>
          {drives.map((drive) => (
            <List.Item key={drive} style={{ overflowWrap: 'anywhere' }}>
              {drive}
            </List.Item>
          ))}
        </List>
        <Switch
          label={t('format.force')}
          checked={force}
          onChange={(e) => setForce(e.currentTarget.checked)}
          data-testid={ids.force}
        />
        <Text c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))" fw={600} role="note">
          {t('format.warning')}
        </Text>
        <TextInput
          label={
            <>
              {t('format.phraseLabelBefore')} <Code>{t('format.phrase')}</Code> {t('format.phraseLabelAfter')}
            </>
          }
          value={phrase}
          onChange={(e) => setPhrase(e.currentTarget.value)}
          autoComplete="off"
          data-testid={ids.phrase}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={format.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            color="red.9"
            disabled={!canFormat}
            loading={format.isPending}
            data-testid={ids.confirm}
          >
            {t('format.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
