/**
 * The `data-testid`s of the shell (layout, side menu, screen loading states, the language and theme
 * controls): in the first load with the shell itself. Joined into `selectors.ts` (`TEST_IDS`)
 * for the browser and component tests.
 */
export const SHELL_TEST_IDS = {
  /** The language picker and the theme controls, in the side menu and on the login screen. */
  preferences: {
    language: 'language-picker',
    colorScheme: 'color-scheme-toggle',
    systemScheme: 'color-scheme-system',
  },
  layout: {
    sidebar: 'sidebar',
    main: 'main-content',
    logout: 'menu-logout',
    menuItem: (path: string) => `menu-item-${path.replace(/^\//, '').replace(/\//g, '-')}`,
    menuGroup: (name: string) => `menu-group-${name.toLowerCase()}`,
    notFound: 'not-found',
    screenLoading: 'screen-loading',
    screenLoadFailed: 'screen-load-failed',
    notification: 'notification',
    notificationDetails: 'notification-details',
  },
} as const;
