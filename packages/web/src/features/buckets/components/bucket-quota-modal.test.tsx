import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { fakeBucketSettings } from '../../../test/fake-bucket-settings.js';
import { renderWithApp } from '../../../test/render.js';
import { QuotaCard } from './quota-card.js';

const ids = TEST_IDS.bucketSettings;
const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const cardValue = () => screen.getByTestId(ids.value('quota')).textContent;
const radio = (label: string) =>
  within(screen.getByTestId(ids.quotaType)).getByRole('radio', { name: label }) as HTMLInputElement;
const GiB = 1024 ** 3;
const TiB = 1024 ** 4;

async function openModal(current: string) {
  await vi.waitFor(() => expect(cardValue()).toBe(current));
  fireEvent.click(field(ids.edit('quota')));
  await screen.findByRole('dialog', { name: 'Enable Bucket Quota' });
}

describe('Enable Bucket Quota', () => {
  it('shows the quota in its largest even unit, opens prefilled, validates the size and sends bytes', async () => {
    const fake = fakeBucketSettings('photos', { quota: { enabled: true, quota: 5 * GiB, type: 'fifo' } });
    const { calls } = renderWithApp(<QuotaCard bucket="photos" />, { handler: fake.handler });
    await openModal('5 GiB');
    expect(screen.getByTestId(ids.detail('quota')).textContent).toBe('Type: FIFO');
    expect(field(ids.quotaEnabled).checked).toBe(true);
    expect(radio('FIFO').checked).toBe(true);
    expect(field(ids.quotaSize).value).toBe('5');
    expect(field(ids.quotaUnit).value).toBe('GiB');

    for (const bad of ['0', '', '-2', 'abc']) {
      fireEvent.change(field(ids.quotaSize), { target: { value: bad } });
      expect(field(ids.quotaSave).disabled, bad).toBe(true);
      expect(screen.getByTestId(ids.quotaProblem).textContent).toBe(
        'The quota must be at least 1, in whole bytes.',
      );
    }
    // Not whole bytes: 1.5 B.
    fireEvent.change(field(ids.quotaSize), { target: { value: '1.5' } });
    fireEvent.change(field(ids.quotaUnit), { target: { value: 'B' } });
    expect(field(ids.quotaSave).disabled).toBe(true);
    // Submitting anyway (Enter) sends nothing.
    fireEvent.submit(field(ids.quotaSave).closest('form') as HTMLFormElement);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(field(ids.quotaSize), { target: { value: '2' } });
    fireEvent.change(field(ids.quotaUnit), { target: { value: 'TiB' } });
    fireEvent.click(radio('Hard'));
    expect(screen.queryByTestId(ids.quotaProblem)).toBeNull();
    fireEvent.click(field(ids.quotaSave));
    await screen.findByText("Quota of bucket 'photos' saved.");
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/buckets/photos/quota',
        body: { enabled: true, amount: 2 * TiB, quota_type: 'hard' },
      },
    ]);
    await vi.waitFor(() => expect(cardValue()).toBe('2 TiB'));
    expect(screen.getByTestId(ids.detail('quota')).textContent).toBe('Type: Hard');
  });

  it('a bucket without a quota: switched off; switching on offers hard, 1 TiB (spec 1 §9)', async () => {
    const fake = fakeBucketSettings('photos');
    const { calls } = renderWithApp(<QuotaCard bucket="photos" />, { handler: fake.handler });
    await openModal('No quota');
    expect(field(ids.quotaEnabled).checked).toBe(false);
    expect(screen.queryByTestId(ids.quotaSize)).toBeNull();
    fireEvent.click(field(ids.quotaEnabled));
    expect(radio('Hard').checked).toBe(true);
    expect(field(ids.quotaSize).value).toBe('1');
    expect(field(ids.quotaUnit).value).toBe('TiB');
    fireEvent.click(radio('FIFO'));
    fireEvent.click(field(ids.quotaSave));
    await vi.waitFor(() => expect(cardValue()).toBe('1 TiB'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: true,
      amount: TiB,
      quota_type: 'fifo',
    });
  });

  it('switched off, Save removes the quota', async () => {
    const fake = fakeBucketSettings('photos', { quota: { enabled: true, quota: 1536, type: 'hard' } });
    const { calls } = renderWithApp(<QuotaCard bucket="photos" />, { handler: fake.handler });
    await openModal('1536 B');
    fireEvent.click(field(ids.quotaEnabled));
    fireEvent.click(field(ids.quotaSave));
    await vi.waitFor(() => expect(cardValue()).toBe('No quota'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: false,
      amount: 0,
      quota_type: 'hard',
    });
  });

  it("shows the server's refusal inside the modal", async () => {
    const fake = fakeBucketSettings('photos', {}, { unwritable: ['quota'] });
    renderWithApp(<QuotaCard bucket="photos" />, { handler: fake.handler });
    await openModal('No quota');
    fireEvent.click(field(ids.quotaEnabled));
    fireEvent.click(field(ids.quotaSave));
    expect((await screen.findByTestId(ids.quotaError)).textContent).toContain('Access Denied.');
    expect(screen.getByRole('dialog', { name: 'Enable Bucket Quota' })).toBeTruthy();
    expect(cardValue()).toBe('No quota');
  });

  it('says Unknown with the reason, and offers no change, when the quota cannot be read', async () => {
    const fake = fakeBucketSettings('photos', {}, { unreadable: ['quota'] });
    renderWithApp(<QuotaCard bucket="photos" />, { handler: fake.handler });
    await vi.waitFor(() => expect(cardValue()).toBe('Unknown'));
    expect(screen.getByTestId(ids.detail('quota')).textContent).toBe('Access Denied.');
    expect(field(ids.edit('quota')).disabled).toBe(true);
  });
});
