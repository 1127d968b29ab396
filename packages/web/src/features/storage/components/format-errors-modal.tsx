/**
 * Format Errors (spec 3 §2, §4): the drives a format left out, with Node, Drive and Message;
 * Download saves them as csiFormatErrors.json, Done closes.
 */
import { Button, Group, Modal, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import type { FormatIssue } from '../api/storage.js';

const ids = OPERATOR_TEST_IDS.formatErrors;

export const FORMAT_ERRORS_FILE = 'csiFormatErrors.json';

function download(issues: readonly FormatIssue[]) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(issues, null, 2)], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = FORMAT_ERRORS_FILE;
  anchor.click();
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function FormatErrorsModal({
  issues,
  onClose,
}: {
  issues: FormatIssue[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('storage');
  return (
    <Modal
      opened={issues !== null}
      onClose={onClose}
      title={t('formatErrors.title')}
      size="lg"
      data-testid={ids.modal}
    >
      <Stack>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('formatErrors.node')}</Table.Th>
              <Table.Th>{t('formatErrors.drive')}</Table.Th>
              <Table.Th>{t('formatErrors.message')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(issues ?? []).map((issue, index) => (
              <Table.Tr key={index} data-testid={ids.row(index)}>
                <Table.Td>{issue.node}</Table.Td>
                <Table.Td>{issue.drive}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{issue.error}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => download(issues ?? [])} data-testid={ids.download}>
            {t('formatErrors.download')}
          </Button>
          <Button onClick={onClose} data-testid={ids.done}>
            {t('formatErrors.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
