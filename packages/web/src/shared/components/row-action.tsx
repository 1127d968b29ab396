/**
 * One icon button in a table row's actions cell (view, edit, delete…): a tooltip naming it, an
 * accessible label naming its target, and either a link or a click handler.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface RowActionProps {
  tooltip: string;
  label: string;
  icon: Icon;
  /** The screen the action opens; otherwise `onClick` runs. */
  to?: string;
  onClick?: () => void;
  /** Destructive actions are drawn in red. */
  danger?: boolean;
  disabled?: boolean;
  testId?: string;
}

export function RowAction({
  tooltip,
  label,
  icon: ActionGlyph,
  to,
  onClick,
  danger,
  disabled,
  testId,
}: RowActionProps) {
  const glyph = <ActionGlyph size={16} aria-hidden="true" />;
  return (
    <Tooltip label={tooltip}>
      {to === undefined ? (
        <ActionIcon
          variant="subtle"
          color={danger === true ? 'red.9' : undefined}
          aria-label={label}
          disabled={disabled}
          onClick={onClick}
          data-testid={testId}
        >
          {glyph}
        </ActionIcon>
      ) : (
        <ActionIcon component={Link} to={to} variant="subtle" aria-label={label} data-testid={testId}>
          {glyph}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
