import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import type { FakeCall } from '../../../test/render.js';
import { renderWithApp } from '../../../test/render.js';
import { GroupModal } from './group-modal.js';

const ids = TEST_IDS.groupModal;
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('GroupModal (spec 2 §2, §5)', () => {
  it("creates: Save needs a non-blank name; 'Assign Users' says 'No Users Available' without users", async () => {
    const { calls } = renderWithApp(<GroupModal opened group={null} onClose={() => undefined} />, {
      handler: (call: FakeCall) =>
        call.method === 'GET' ? { status: 200, body: { users: [] } } : { status: 201, body: {} },
    });
    expect(screen.getByText('Assign Users')).toBeTruthy();
    expect((await screen.findByTestId(TEST_IDS.namePicker.empty('group-members'))).textContent).toBe(
      'No Users Available',
    );
    expect(input(ids.save).disabled).toBe(true);
    fireEvent.change(input(ids.name), { target: { value: '   ' } });
    expect(input(ids.save).disabled).toBe(true);
    fireEvent.change(input(ids.name), { target: { value: ' team ' } });
    expect(input(ids.save).disabled).toBe(false);
    expect(screen.queryByTestId(ids.status)).toBeNull();
    fireEvent.click(input(ids.save));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v1/groups',
      body: { group: 'team', members: [] },
    });
  });

  it("edits: the name is read-only, 'Edit Members' with the status switch, and Save sends members and status", async () => {
    const { calls } = renderWithApp(<GroupModal opened group="team" onClose={() => undefined} />, {
      handler: (call: FakeCall) => {
        if (call.url === '/api/v1/group?name=team')
          return {
            status: 200,
            body: { name: 'team', members: ['alice'], status: 'enabled', policy: 'readonly' },
          };
        if (call.url === '/api/v1/users')
          return {
            status: 200,
            body: {
              users: ['alice', 'bob'].map((accessKey) => ({
                accessKey,
                status: 'enabled',
                memberOf: [],
                policy: [],
              })),
            },
          };
        return { status: 200, body: {} };
      },
    });
    await screen.findByText('Edit Members');
    expect(input(ids.name).readOnly).toBe(true);
    expect(input(ids.name).value).toBe('team');
    const alice = (await screen.findByTestId(
      TEST_IDS.namePicker.option('group-members', 'alice'),
    )) as HTMLInputElement;
    expect(alice.checked).toBe(true);
    fireEvent.click(screen.getByTestId(TEST_IDS.namePicker.option('group-members', 'bob')));
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled' }));
    expect(screen.getByRole('switch', { name: 'Disabled' })).toBeTruthy();
    fireEvent.click(input(ids.save));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/v1/group?name=team',
      body: { group: 'team', members: ['alice', 'bob'], status: 'disabled' },
    });
  });
});
