/**
 * The title bar every signed-in screen starts with: a level-1 heading, an optional breadcrumb and
 * actions on the right.
 */
import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  breadcrumb?: ReactNode;
  actions?: ReactNode;
  /** The heading's level: 1 unless the page already has its title. */
  level?: 1 | 2;
}

export function PageHeader({ title, breadcrumb, actions, level = 1 }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
      <div>
        {breadcrumb}
        <Title order={level} size={level === 1 ? 'h2' : 'h3'}>
          {title}
        </Title>
      </div>
      {actions !== undefined && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
