import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { fakeBucketSettings } from '../../../test/fake-bucket-settings.js';
import { SESSION, renderWithApp } from '../../../test/render.js';
import { RetentionCard } from './retention-card.js';

const ids = TEST_IDS.bucketSettings;
const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const cardValue = () => screen.getByTestId(ids.value('retention')).textContent;
const radio = (label: string) =>
  within(screen.getByTestId(ids.retentionMode)).getByRole('radio', { name: label }) as HTMLInputElement;

async function openModal(current: string) {
  await vi.waitFor(() => expect(cardValue()).toBe(current));
  fireEvent.click(field(ids.edit('retention')));
  await screen.findByRole('dialog', { name: 'Set Retention Configuration' });
}

describe('Set Retention Configuration', () => {
  it('opens prefilled from the default retention, validates the validity and sends the new one', async () => {
    const fake = fakeBucketSettings('vault', {
      locked: true,
      retention: { mode: 'governance', unit: 'days', validity: 3 },
    });
    const { calls } = renderWithApp(<RetentionCard bucket="vault" />, { handler: fake.handler });
    await openModal('Governance, 3 days');
    expect(radio('Governance').checked).toBe(true);
    expect(field(ids.retentionValidity).value).toBe('3');
    expect(field(ids.retentionUnit).value).toBe('days');

    for (const bad of ['0', '', '1.5', '-1', 'x']) {
      fireEvent.change(field(ids.retentionValidity), { target: { value: bad } });
      expect(field(ids.retentionSave).disabled, bad).toBe(true);
      expect(screen.getByTestId(ids.retentionProblem).textContent).toBe(
        'The validity must be a whole number of at least 1.',
      );
    }
    fireEvent.submit(field(ids.retentionSave).closest('form') as HTMLFormElement);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(radio('Compliance'));
    fireEvent.change(field(ids.retentionValidity), { target: { value: '2' } });
    fireEvent.change(field(ids.retentionUnit), { target: { value: 'years' } });
    expect(screen.queryByTestId(ids.retentionProblem)).toBeNull();
    fireEvent.click(field(ids.retentionSave));
    await screen.findByText("Default retention of bucket 'vault' set.");
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/buckets/vault/retention',
        body: { mode: 'compliance', unit: 'years', validity: 2 },
      },
    ]);
    await vi.waitFor(() => expect(cardValue()).toBe('Compliance, 2 years'));
  });

  it('a locked bucket without default retention starts from compliance, 1 day (spec 1 §9)', async () => {
    const fake = fakeBucketSettings('vault', { locked: true });
    const { calls } = renderWithApp(<RetentionCard bucket="vault" />, { handler: fake.handler });
    await openModal('No default retention');
    expect(radio('Compliance').checked).toBe(true);
    expect(field(ids.retentionValidity).value).toBe('1');
    expect(field(ids.retentionUnit).value).toBe('days');
    fireEvent.click(field(ids.retentionSave));
    await vi.waitFor(() => expect(cardValue()).toBe('Compliance, 1 day'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      mode: 'compliance',
      unit: 'days',
      validity: 1,
    });
  });

  it('a bucket without object locking: not available, no edit button, its retention never read', async () => {
    const fake = fakeBucketSettings('photos');
    const { calls } = renderWithApp(<RetentionCard bucket="photos" />, { handler: fake.handler });
    await vi.waitFor(() => expect(cardValue()).toBe('Not available'));
    expect(screen.getByTestId(ids.detail('retention')).textContent).toBe(
      'The bucket was created without object locking.',
    );
    expect(screen.queryByTestId(ids.edit('retention'))).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/retention'))).toBe(false);
  });

  it('outside a distributed setup: not available, and nothing is asked', () => {
    const fake = fakeBucketSettings('photos', { locked: true });
    const { calls } = renderWithApp(<RetentionCard bucket="photos" />, {
      handler: fake.handler,
      session: { ...SESSION, distributedMode: false },
    });
    expect(cardValue()).toBe('Not available');
    expect(calls).toEqual([]);
  });

  it('a retention read failure is silent (spec 1 §8): Unknown, no reason, and the modal offers the defaults', async () => {
    const fake = fakeBucketSettings('vault', { locked: true }, { unreadable: ['retention'] });
    renderWithApp(<RetentionCard bucket="vault" />, { handler: fake.handler });
    await openModal('Unknown');
    expect(screen.queryByTestId(ids.detail('retention'))).toBeNull();
    expect(screen.queryByText('Access Denied.')).toBeNull();
    expect(radio('Compliance').checked).toBe(true);
    expect(field(ids.retentionValidity).value).toBe('1');
  });

  it("shows the server's refusal inside the modal", async () => {
    const fake = fakeBucketSettings('vault', { locked: true }, { unwritable: ['retention'] });
    renderWithApp(<RetentionCard bucket="vault" />, { handler: fake.handler });
    await openModal('No default retention');
    fireEvent.click(field(ids.retentionSave));
    expect((await screen.findByTestId(ids.retentionError)).textContent).toContain('Access Denied.');
    expect(screen.getByRole('dialog', { name: 'Set Retention Configuration' })).toBeTruthy();
  });
});
