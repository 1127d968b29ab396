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
}

export function PageHeader({ title, breadcrumb, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
      <div>
        {breadcrumb}
        <Title order={1} size="h2">
          {title}
        </Title>
      </div>
      {actions !== undefined && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
