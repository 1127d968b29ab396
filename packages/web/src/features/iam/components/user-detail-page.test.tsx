import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { TEST_IDS } from '../../../selectors.js';
import { userPath } from '../../../shared/iam-paths.js';
import type { FakeCall } from '../../../test/render.js';
import { renderWithApp } from '../../../test/render.js';
import { UserDetailPage } from './user-detail-page.js';

const NAME = 'team/bob smith';
/** The name as the API client puts it in the query string. */
const QUERY = new URLSearchParams({ name: NAME }).toString();
const USER = { accessKey: NAME, status: 'enabled', memberOf: ['readers', 'writers'], policy: ['readonly'] };

function answer(call: FakeCall) {
  if (call.method === 'GET' && call.url.startsWith('/api/v1/user?')) return { status: 200, body: USER };
  if (call.method === 'PUT') return { status: 200, body: { ...USER, status: 'disabled' } };
  if (call.method === 'DELETE') return { status: 204 };
  return { status: 200, body: [] };
}

function renderAt(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/users" element={<div>users list</div>} />
      <Route path="/users/*" element={<UserDetailPage />} />
    </Routes>,
    { handler: answer, path },
  );
}

describe('UserDetailPage (spec 2 §2, §4)', () => {
  it('reads a name with slashes and spaces from its path and shows Users > name', async () => {
    expect(userPath(NAME)).toBe('/users/team/bob%20smith');
    const { calls } = renderAt(userPath(NAME));
    await screen.findByTestId(TEST_IDS.userDetail.groupRow('readers'));
    expect(calls[0]?.url).toBe(`/api/v1/user?${QUERY}`);
    expect(screen.getByTestId(TEST_IDS.userDetail.breadcrumb).textContent).toBe(`Users>${NAME}`);
  });

  it('sends the new status at once, together with the current groups', async () => {
    const { calls } = renderAt(userPath(NAME));
    fireEvent.click(await screen.findByRole('switch', { name: 'Enabled' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: `/api/v1/user?${QUERY}`,
      body: { status: 'disabled', groups: ['readers', 'writers'] },
    });
  });

  it("asks 'Are you sure you want to delete user {name}?', then closes and goes to the users list", async () => {
    const { calls } = renderAt(userPath(NAME));
    fireEvent.click(await screen.findByTestId(TEST_IDS.userDetail.delete));
    const dialog = await screen.findByTestId(TEST_IDS.deleteUser.modal);
    expect(dialog.textContent).toContain(`Are you sure you want to delete user ${NAME}?`);
    fireEvent.click(screen.getByTestId(TEST_IDS.deleteUser.confirm));
    expect(await screen.findByText('users list')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/v1/user?${QUERY}`]);
    expect(screen.queryByTestId(TEST_IDS.deleteUser.modal)).toBeNull();
    // The deleted user is not asked for again.
    expect(calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/v1/user?')).length).toBe(1);
  });
});
