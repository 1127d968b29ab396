/**
 * Mantine's Tooltip for the shell, loaded just after the first render: a Tooltip needs floating-ui
 * (≈ 16 KB gzipped), which the shell's theme controls alone would otherwise pull into the first
 * load (docs/performance.md, "Web bundle"). Until it arrived the child shows without its hint;
 * screens use Mantine's Tooltip directly (they are lazy chunks already).
 */
import type { TooltipProps } from '@mantine/core';
import { Suspense, lazy } from 'react';

const Tooltip = lazy(() => import('./tooltip.js'));

export function DeferredTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
