import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../selectors.js';
import type { FeatureRoute } from '../../shared/routing.js';
import { SESSION, renderWithApp } from '../../test/render.js';
import { AppLayout } from './app-layout.js';

const ROUTES: FeatureRoute[] = [
  { path: '/buckets', page: '/buckets', element: <div>buckets screen</div> },
  { path: '/object-browser', page: '/object-browser', element: <div>object browser screen</div> },
];
const answer = () => ({ status: 200, body: {} });

describe('AppLayout (spec 1 §2)', () => {
  it('lists only allowed, built pages in the menu, plus Documentation in a new tab and Logout', () => {
    renderWithApp(<AppLayout routes={ROUTES} />, {
      handler: answer,
      path: '/buckets',
      session: { ...SESSION, pages: ['/buckets', '/users', '/heal'] },
    });
    expect(screen.getByText('buckets screen')).toBeTruthy();
    expect(screen.getByTestId(TEST_IDS.layout.menuItem('/buckets'))).toBeTruthy();
    expect(screen.queryByTestId(TEST_IDS.layout.menuItem('/object-browser'))).toBeNull();
    expect(screen.queryByTestId(TEST_IDS.layout.menuItem('/users'))).toBeNull();
    const docs = screen.getByTestId(TEST_IDS.layout.menuItem('/documentation'));
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId(TEST_IDS.layout.logout)).toBeTruthy();
  });

  it('redirects made-up paths to the first allowed page', async () => {
    renderWithApp(<AppLayout routes={ROUTES} />, { handler: answer, path: '/no/such/thing' });
    expect(await screen.findByText('object browser screen')).toBeTruthy();
  });

  it("shows '404 Not Found' for a console section this session cannot open", () => {
    renderWithApp(<AppLayout routes={ROUTES} />, { handler: answer, path: '/users' });
    expect(screen.getByTestId(TEST_IDS.layout.notFound).textContent).toContain('404 Not Found');
  });

  it('has no route for a page the session does not allow, even when built', () => {
    renderWithApp(<AppLayout routes={ROUTES} />, {
      handler: answer,
      path: '/buckets',
      session: { ...SESSION, pages: ['/object-browser'] },
    });
    expect(screen.queryByText('buckets screen')).toBeNull();
    expect(screen.getByTestId(TEST_IDS.layout.notFound)).toBeTruthy();
  });

  describe('the current page in the menu', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('is scrolled into view, so a page opened by its URL shows where the user is', () => {
      // happy-dom has no layout: record which element asks to be shown.
      const shown: Element[] = [];
      vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
        shown.push(this);
      });
      renderWithApp(<AppLayout routes={ROUTES} />, {
        handler: answer,
        path: '/object-browser',
        session: { ...SESSION, pages: ['/buckets', '/object-browser'] },
      });
      const current = screen.getByTestId(TEST_IDS.layout.menuItem('/object-browser'));
      expect(current.getAttribute('aria-current')).toBe('page');
      expect(shown).toEqual([current]);
    });
  });
});
