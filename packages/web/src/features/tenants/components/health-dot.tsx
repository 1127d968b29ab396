/**
 * The tenant health dot (spec 3 §4 "Tenant health colour"): red, yellow and green as themselves,
 * anything else grey. The colour carries a name for screen readers too.
 */
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOURS = {
  red: 'var(--mantine-color-red-7)',
  yellow: 'var(--mantine-color-yellow-5)',
  green: 'var(--mantine-color-green-7)',
  unknown: 'var(--mantine-color-gray-5)',
} as const;

type Health = keyof typeof COLOURS;

export function healthOf(status: string | undefined): Health {
  return status === 'red' || status === 'yellow' || status === 'green' ? status : 'unknown';
}

export function HealthDot({ status, testId }: { status: string | undefined; testId?: string }) {
  const { t } = useTranslation('tenants');
  const health = healthOf(status);
  return (
    <Box
      component="span"
      role="img"
      aria-label={t(`health.${health}`)}
      title={t(`health.${health}`)}
      data-health={health}
      data-testid={testId}
      style={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        background: COLOURS[health],
        flexShrink: 0,
      }}
    />
  );
}
