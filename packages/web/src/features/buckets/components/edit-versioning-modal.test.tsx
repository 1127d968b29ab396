import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { LOCKED_VERSIONING_MESSAGE, fakeBucketSettings } from '../../../test/fake-bucket-settings.js';
import { renderWithApp } from '../../../test/render.js';
import { VersioningCard } from './versioning-card.js';

const ids = TEST_IDS.bucketSettings;
const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;
const cardValue = () => screen.getByTestId(ids.value('versioning')).textContent;

async function openModal(current: string) {
  await vi.waitFor(() => expect(cardValue()).toBe(current));
  fireEvent.click(button(ids.edit('versioning')));
  return screen.findByRole('dialog', { name: 'Edit Versioning' });
}

describe('Edit Versioning', () => {
  it('asks before enabling an unversioned bucket, sends {versioning: true} and the card follows', async () => {
    const fake = fakeBucketSettings('photos');
    const { calls } = renderWithApp(<VersioningCard bucket="photos" />, { handler: fake.handler });
    const dialog = await openModal('Unversioned');
    expect(dialog.textContent).toContain('Are you sure you want to enable versioning for bucket photos?');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable' }));
    await screen.findByText("Versioning of bucket 'photos' is now Enabled.");
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/v1/buckets/photos/versioning', body: { versioning: true } },
    ]);
    expect(fake.state.versioning).toBe('Enabled');
    await vi.waitFor(() => expect(cardValue()).toBe('Enabled'));
    expect(screen.queryByTestId(ids.versioningConfirm)).toBeNull();
  });

  it('offers to suspend a versioned bucket; Cancel sends nothing', async () => {
    const fake = fakeBucketSettings('photos', { versioning: 'Enabled' });
    const { calls } = renderWithApp(<VersioningCard bucket="photos" />, { handler: fake.handler });
    let dialog = await openModal('Enabled');
    expect(dialog.textContent).toContain('Are you sure you want to suspend versioning for bucket photos?');
    fireEvent.click(button(ids.versioningCancel));
    await vi.waitFor(() => expect(screen.queryByTestId(ids.versioningConfirm)).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    dialog = await openModal('Enabled');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await vi.waitFor(() => expect(cardValue()).toBe('Suspended'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ versioning: false });
  });

  it("shows the server's refusal to suspend a locked bucket inside the modal, which stays open", async () => {
    const fake = fakeBucketSettings('vault', { versioning: 'Enabled', locked: true });
    renderWithApp(<VersioningCard bucket="vault" />, { handler: fake.handler });
    await openModal('Enabled');
    fireEvent.click(button(ids.versioningConfirm));
    const error = await screen.findByTestId(ids.versioningError);
    expect(error.textContent).toContain(LOCKED_VERSIONING_MESSAGE);
    expect(screen.getByRole('dialog', { name: 'Edit Versioning' })).toBeTruthy();
    expect(fake.state.versioning).toBe('Enabled');
    expect(cardValue()).toBe('Enabled');
  });

  it('says Unknown with the reason, and offers no change, when the state cannot be read', async () => {
    const fake = fakeBucketSettings('photos', {}, { unreadable: ['versioning'] });
    renderWithApp(<VersioningCard bucket="photos" />, { handler: fake.handler });
    await vi.waitFor(() => expect(cardValue()).toBe('Unknown'));
    expect(screen.getByTestId(ids.detail('versioning')).textContent).toBe('Access Denied.');
    expect(button(ids.edit('versioning')).disabled).toBe(true);
  });
});
