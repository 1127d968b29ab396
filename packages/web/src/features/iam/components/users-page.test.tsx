import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { storeSignedInUser } from '../../../shared/session/signed-in-user.js';
import { renderWithApp } from '../../../test/render.js';
import { UsersPage } from './users-page.js';

const ids = TEST_IDS.users;
const user = (accessKey: string) => ({ accessKey, status: 'enabled', memberOf: [], policy: [] });
const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;

describe('UsersPage (spec 2 §2)', () => {
  afterEach(() => storeSignedInUser(window.localStorage, null));

  it('disables delete for the signed-in user only, whose name comes from local storage', async () => {
    storeSignedInUser(window.localStorage, 'alice');
    renderWithApp(<UsersPage />, {
      handler: () => ({ status: 200, body: { users: [user('alice'), user('bob')] } }),
    });
    await screen.findByTestId(ids.row('bob'));
    expect(button(ids.delete('alice')).disabled).toBe(true);
    expect(button(ids.delete('bob')).disabled).toBe(false);
  });

  it("enables 'Add to Group' once a user is selected, and says 'No Users Available' when the search finds none", async () => {
    renderWithApp(<UsersPage />, {
      handler: () => ({ status: 200, body: { users: [user('alice'), user('team/bob')] } }),
    });
    await screen.findByTestId(ids.row('team/bob'));
    expect(button(ids.addToGroup).disabled).toBe(true);
    fireEvent.click(screen.getByTestId(ids.select('team/bob')));
    expect(button(ids.addToGroup).disabled).toBe(false);

    fireEvent.change(screen.getByTestId(ids.search), { target: { value: 'ali' } });
    expect(screen.queryByTestId(ids.row('team/bob'))).toBeNull();
    expect(screen.getByTestId(ids.row('alice'))).toBeTruthy();
    fireEvent.change(screen.getByTestId(ids.search), { target: { value: 'carol' } });
    expect(screen.getByTestId(ids.empty).textContent).toBe('No Users Available');
  });

  it("refuses a bulk assignment without groups with the spec's words, and sends the chosen ones", async () => {
    const { calls } = renderWithApp(<UsersPage />, {
      handler: (call) => {
        if (call.url === '/api/v1/users') return { status: 200, body: { users: [user('alice')] } };
        if (call.url === '/api/v1/groups')
          return {
            status: 200,
            body: { groups: [{ name: 'team', members: [], status: 'enabled', policy: '' }], total: 1 },
          };
        return { status: 204 };
      },
    });
    fireEvent.click(await screen.findByTestId(ids.select('alice')));
    fireEvent.click(button(ids.addToGroup));
    fireEvent.click(await screen.findByTestId(TEST_IDS.addToGroup.save));
    expect((await screen.findByTestId(TEST_IDS.addToGroup.error)).textContent).toContain(
      'You need to select at least one group to assign',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(await screen.findByTestId(TEST_IDS.namePicker.option('add-to-group-groups', 'team')));
    fireEvent.click(button(TEST_IDS.addToGroup.save));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/v1/users-groups-bulk',
      body: { groups: ['team'], users: ['alice'] },
    });
  });
});
