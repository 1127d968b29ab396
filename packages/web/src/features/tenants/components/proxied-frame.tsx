/**
 * A tenant's proxied console page in a frame, with a loader until the frame has loaded (spec 3 §2
 * Metrics, Tenant management). `reloadKey` changes remount the frame (the Refresh button).
 */
import { Box, Loader } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ProxiedFrameProps {
  src: string;
  title: string;
  height: string | number;
  testId: string;
  loadingTestId?: string;
}

export function ProxiedFrame({ src, title, height, testId, loadingTestId }: ProxiedFrameProps) {
  const { t } = useTranslation('common');
  const [loaded, setLoaded] = useState(false);
  return (
    <Box pos="relative" h={height}>
      {!loaded && (
        <Box pos="absolute" top={16} left={16}>
          <Loader size="sm" aria-label={t('loading')} data-testid={loadingTestId} />
        </Box>
      )}
      <iframe
        src={src}
        title={title}
        onLoad={() => setLoaded(true)}
        style={{ border: 0, width: '100%', height: '100%', visibility: loaded ? 'visible' : 'hidden' }}
        data-testid={testId}
      />
    </Box>
  );
}
