/**
 * 'Download as ZIP' for the current selection (issue 9 §5), and the hook the folder rows' download
 * action uses: both hand the paths to the server's streamed ZIP download.
 */
import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { useNotify } from '../../../shared/components/notify.js';
import { downloadZip } from '../api/download-zip.js';

/** A function that downloads paths (folders end in '/') of `bucket` as a ZIP named below `prefix`. */
export function useZipDownload(bucket: string, prefix: string): (paths: readonly string[]) => void {
  const client = useApiClient();
  const notify = useNotify();
  const { t } = useTranslation('objects');
  return useCallback(
    (paths: readonly string[]) => {
      if (paths.length === 0) return;
      notify.success(t('bulk.zipStarted'));
      downloadZip(client, bucket, prefix, paths, () => notify.error({ message: t('bulk.zipFailed') }));
    },
    [client, bucket, prefix, notify, t],
  );
}

export function ZipDownloadButton(props: { bucket: string; prefix: string; selected: ReadonlySet<string> }) {
  const { t } = useTranslation('objects');
  const download = useZipDownload(props.bucket, props.prefix);
  return (
    <Button
      variant="default"
      leftSection={<IconFileZip size={16} aria-hidden="true" />}
      disabled={props.selected.size === 0}
      onClick={() => download([...props.selected])}
      data-testid={OBJECTS_TEST_IDS.bulk.downloadZip}
    >
      {t('bulk.downloadZip')}
    </Button>
  );
}
