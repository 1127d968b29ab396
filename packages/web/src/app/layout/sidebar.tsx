/**
 * The 245 px side menu (spec 1 §2): the product name, the session's menu groups (User, Admin and
 * Tools fold, open by default), Documentation in a new tab, Logout, and at the bottom the language
 * picker and the theme controls. Entry and group names are translated here, at render time, with
 * the keys `menu.<page id>` (the page path without its leading slash) and `group.<name>`.
 */
import { Box, Collapse, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBook,
  IconBucket,
  IconBuilding,
  IconChevronDown,
  IconChevronRight,
  IconFolders,
  IconLogout,
  IconCircle,
  IconEye,
  IconFileText,
  IconFirstAidKit,
  IconLayoutDashboard,
  IconLicense,
  IconRoute,
  IconServer2,
  IconSettings,
  IconStethoscope,
  IconShieldLock,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { SHELL_TEST_IDS } from '../../shared/test-ids.js';
import { ColorSchemeControls } from '../../shared/components/color-scheme-controls.js';
import { LanguagePicker } from '../../shared/components/language-picker.js';
import { DOCUMENTATION } from './menu.js';
import type { MenuEntry, MenuGroup } from './menu.js';
import type { Messages } from '../../i18n/locales/en/index.js';

/** A page id of the menu catalogue ('buckets', 'object-browser', …). */
type MenuPageId = keyof Messages['layout']['menu'];

export const SIDEBAR_WIDTH = 245;

const ICONS: Record<string, ReactNode> = {
  '/object-browser': <IconFolders size={18} aria-hidden="true" />,
  '/buckets': <IconBucket size={18} aria-hidden="true" />,
  '/account': <IconUser size={18} aria-hidden="true" />,
  '/users': <IconUsers size={18} aria-hidden="true" />,
  '/groups': <IconUsersGroup size={18} aria-hidden="true" />,
  '/policies': <IconShieldLock size={18} aria-hidden="true" />,
  '/watch': <IconEye size={18} aria-hidden="true" />,
  '/dashboard': <IconLayoutDashboard size={18} aria-hidden="true" />,
  '/settings': <IconSettings size={18} aria-hidden="true" />,
  '/logs': <IconFileText size={18} aria-hidden="true" />,
  '/trace': <IconRoute size={18} aria-hidden="true" />,
  '/heal': <IconFirstAidKit size={18} aria-hidden="true" />,
  '/health-info': <IconStethoscope size={18} aria-hidden="true" />,
  '/license': <IconLicense size={18} aria-hidden="true" />,
  '/tenants': <IconBuilding size={18} aria-hidden="true" />,
  '/storage': <IconServer2 size={18} aria-hidden="true" />,
};

/** The catalogue key of a menu entry: `menu.` and its page id ('/object-browser' → 'object-browser'). */
export function menuKey(path: string) {
  return `menu.${path.replace(/^\//, '')}` as `menu.${MenuPageId}`;
}

function MenuLink({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation('layout');
  return (
    <NavLink
      component={RouterNavLink}
      to={entry.path}
      label={t(menuKey(entry.path))}
      leftSection={ICONS[entry.path] ?? <IconCircle size={18} aria-hidden="true" />}
      data-testid={SHELL_TEST_IDS.layout.menuItem(entry.path)}
    />
  );
}

function Group({ group }: { group: MenuGroup }) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(true);
  const listId = `menu-group-list-${group.name.toLowerCase()}`;
  const links = (
    <Stack gap={2} id={listId}>
      {group.entries.map((entry) => (
        <MenuLink key={entry.path} entry={entry} />
      ))}
    </Stack>
  );
  if (group.name === 'common') return links;
  if (!group.collapsible) {
    return (
      <Box data-testid={SHELL_TEST_IDS.layout.menuGroup(group.name)}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="sm" pb={4}>
          {t(`group.${group.name}`)}
        </Text>
        {links}
      </Box>
    );
  }
  return (
    <Box data-testid={SHELL_TEST_IDS.layout.menuGroup(group.name)}>
      <UnstyledButton
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls={listId}
        px="sm"
        pt="sm"
        pb={4}
        w="100%"
        style={{ display: 'flex', alignItems: 'center', gap: 4 }}
      >
        {open ? (
          <IconChevronDown size={14} aria-hidden="true" />
        ) : (
          <IconChevronRight size={14} aria-hidden="true" />
        )}
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" component="span">
          {t(`group.${group.name}`)}
        </Text>
      </UnstyledButton>
      <Collapse expanded={open}>{links}</Collapse>
    </Box>
  );
}

export interface SidebarProps {
  groups: MenuGroup[];
  onLogout: () => void;
}

/**
 * Keeps the current page's menu entry in view: a page opened by its URL (a bookmark, a reload) may
 * sit below the fold of the scrolling menu, and the user should see where they are.
 */
function useCurrentEntryInView(nav: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  useEffect(() => {
    nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [nav, pathname]);
}

export function Sidebar({ groups, onLogout }: SidebarProps) {
  const { t } = useTranslation(['layout', 'common']);
  const nav = useRef<HTMLElement>(null);
  useCurrentEntryInView(nav);
  return (
    <Stack h="100%" gap={0} data-testid={SHELL_TEST_IDS.layout.sidebar}>
      <Box px="md" py="md">
        <Text fw={800} size="xl" c="light-dark(var(--mantine-color-indigo-7), var(--mantine-color-indigo-3))">
          {t('common:productName')}
        </Text>
      </Box>
      {/* The browser's own scrolling, not Mantine's ScrollArea: that needs floating-ui (≈ 16 KB
          gzipped), which would be in the first load for the menu alone. */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} px="xs">
        <nav aria-label={t('mainMenu')} ref={nav}>
          <Stack gap={4}>
            {groups.map((group) => (
              <Group key={group.name} group={group} />
            ))}
            <NavLink
              href={DOCUMENTATION.external}
              target="_blank"
              rel="noopener noreferrer"
              label={t(menuKey(DOCUMENTATION.path))}
              leftSection={<IconBook size={18} aria-hidden="true" />}
              data-testid={SHELL_TEST_IDS.layout.menuItem(DOCUMENTATION.path)}
            />
            <NavLink
              component="button"
              onClick={onLogout}
              label={t('logout')}
              leftSection={<IconLogout size={18} aria-hidden="true" />}
              data-testid={SHELL_TEST_IDS.layout.logout}
            />
          </Stack>
        </nav>
      </Box>
      <Stack p="sm" gap="xs">
        <LanguagePicker />
        <ColorSchemeControls />
      </Stack>
    </Stack>
  );
}
