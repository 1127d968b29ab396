import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { TEST_IDS } from '../../../selectors.js';
import type { FakeCall } from '../../../test/render.js';
import { SESSION, renderWithApp } from '../../../test/render.js';
import { BucketAccessPage } from './bucket-access-page.js';

function answer(call: FakeCall) {
  if (call.url === '/api/v1/bucket-policy/photos')
    return { status: 200, body: { policies: [{ name: 'readonly', policy: '{}' }] } };
  if (call.url === '/api/v1/bucket-users/photos')
    return { status: 200, body: [{ accessKey: 'team/bob', status: 'enabled', memberOf: [], policy: [] }] };
  return { status: 200, body: { buckets: [] } };
}

function renderWith(pages: string[]) {
  return renderWithApp(
    <Routes>
      <Route path="/buckets/:bucketName/access" element={<BucketAccessPage />} />
      <Route path="/policies/*" element={<div>policy screen</div>} />
      <Route path="/users/*" element={<div>user screen</div>} />
    </Routes>,
    { handler: answer, path: '/buckets/photos/access', session: { ...SESSION, pages } },
  );
}

describe('BucketAccessPage (spec 1 §2, §6)', () => {
  it('shows the Users tab only when the pages include /users, and never asks for users otherwise', async () => {
    const { calls } = renderWith(['/buckets']);
    await screen.findByTestId(TEST_IDS.accessAudit.policyRow('readonly'));
    expect(screen.queryByTestId(TEST_IDS.accessAudit.tabUsers)).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/v1/bucket-users/'))).toBe(false);
  });

  it('opens a policy row at /policies/{name}', async () => {
    renderWith(['/buckets', '/policies']);
    fireEvent.click(await screen.findByTestId(TEST_IDS.accessAudit.policyRow('readonly')));
    expect(await screen.findByText('policy screen')).toBeTruthy();
  });

  it('opens a user row at /users/{accessKey}', async () => {
    renderWith(['/buckets', '/users']);
    fireEvent.click(await screen.findByTestId(TEST_IDS.accessAudit.tabUsers));
    fireEvent.click(await screen.findByTestId(TEST_IDS.accessAudit.userRow('team/bob')));
    expect(await screen.findByText('user screen')).toBeTruthy();
  });
});
