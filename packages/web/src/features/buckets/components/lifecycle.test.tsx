import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp, type FakeAnswer, type FakeCall } from '../../../test/render.js';
import { BucketLifecyclePage } from './bucket-lifecycle-page.js';
import { YEAR_CHOICES, calendarDate } from './lifecycle-date-select.js';

const ids = TEST_IDS.lifecycle;

interface Rule {
  id: string;
  prefix: string;
  status: 'Enabled' | 'Disabled';
  expiration?: { days?: number; date?: string };
  transition?: { days?: number; storage_class?: string };
  tags: { key: string; value: string }[];
}

/** A bucket's lifecycle kept as the console server keeps it, and the tiers. */
function fakeLifecycle(rules: Rule[]) {
  return (call: FakeCall): FakeAnswer => {
    if (call.url === '/api/v1/buckets/photos') return { status: 200, body: { name: 'photos' } };
    if (call.url === '/api/v1/admin/tiers')
      return {
        status: 200,
        body: {
          items: [{ type: 's3', s3: { name: 'WARM', endpoint: '', bucket: '', prefix: '', region: '' } }],
        },
      };
    if (call.url === '/api/v1/buckets/photos/lifecycle' && call.method === 'GET')
      return { status: 200, body: { lifecycle: rules } };
    if (call.url === '/api/v1/buckets/photos/lifecycle' && call.method === 'POST') {
      const body = call.body as { prefix: string; transition_days?: number; storage_class?: string };
      rules.push({
        id: 'new',
        prefix: body.prefix,
        status: 'Enabled',
        transition: { days: body.transition_days, storage_class: body.storage_class },
        tags: [],
      });
      return { status: 201, body: { lifecycle: rules } };
    }
    if (call.method === 'PUT') {
      const body = call.body as { disable: boolean };
      const rule = rules.find((r) => call.url.endsWith(`/${r.id}`));
      if (rule) rule.status = body.disable ? 'Disabled' : 'Enabled';
      return { status: 200, body: { lifecycle: rules } };
    }
    return { status: 404, body: {} };
  };
}

const render = (rules: Rule[]) =>
  renderWithApp(<BucketLifecyclePage />, {
    handler: fakeLifecycle(rules),
    path: '/buckets/photos/lifecycle',
    route: '/buckets/:bucketName/lifecycle',
  });

describe('the lifecycle date picker', () => {
  it('accepts only real calendar dates; offers 25 years', () => {
    expect(calendarDate({ month: '2', day: '29', year: '2028' })).toBe('2028-02-29');
    expect(calendarDate({ month: '2', day: '29', year: '2027' })).toBeUndefined();
    expect(calendarDate({ month: '4', day: '31', year: '2030' })).toBeUndefined();
    expect(calendarDate({ month: '', day: '1', year: '2030' })).toBeUndefined();
    expect(YEAR_CHOICES).toBe(25);
  });
});

describe('bucket Lifecycle tab', () => {
  it("says 'There are no Lifecycle rules yet'; adds a transition to a tier once days and tier are given", async () => {
    const { calls } = render([]);
    expect((await screen.findByTestId(ids.empty)).textContent).toBe('There are no Lifecycle rules yet');
    fireEvent.click(screen.getByTestId(ids.add));
    await screen.findByRole('dialog', { name: 'Add Lifecycle Rule' });
    const save = screen.getByTestId(ids.addSave) as HTMLButtonElement;
    fireEvent.click(screen.getByTestId(ids.typeTransition));
    fireEvent.change(screen.getByTestId(ids.days), { target: { value: '0' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(ids.days), { target: { value: '30' } });
    // A transition also needs a tier.
    expect(save.disabled).toBe(true);
    await vi.waitFor(() =>
      expect(
        [...(screen.getByTestId(ids.storageClass) as HTMLSelectElement).options].map((o) => o.value),
      ).toEqual(['', 'WARM']),
    );
    fireEvent.change(screen.getByTestId(ids.storageClass), { target: { value: 'WARM' } });
    fireEvent.change(screen.getByTestId(ids.prefix), { target: { value: 'cold/' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await screen.findByText('Lifecycle rule added.');
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/lifecycle'))?.body).toEqual({
      prefix: 'cold/',
      tags: '',
      storage_class: 'WARM',
      transition_days: 30,
    });
    const row = await screen.findByTestId(ids.row('new'));
    expect([...row.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)).toEqual([
      'Transition',
      'WARM',
      'cold/',
      '30 days',
      'Enabled',
    ]);
  });

  it('expiry by date: Save waits for a real date, which is sent with T23:59:59Z', async () => {
    const { calls } = render([]);
    fireEvent.click(await screen.findByTestId(ids.add));
    await screen.findByRole('dialog', { name: 'Add Lifecycle Rule' });
    fireEvent.click(screen.getByTestId(ids.byDate));
    const save = screen.getByTestId(ids.addSave) as HTMLButtonElement;
    const year = String(new Date().getFullYear() + 1);
    fireEvent.change(screen.getByTestId(`${ids.date}-month`), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId(`${ids.date}-day`), { target: { value: '30' } });
    fireEvent.change(screen.getByTestId(`${ids.date}-year`), { target: { value: year } });
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(`${ids.date}-day`), { target: { value: '28' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await screen.findByText('Lifecycle rule added.');
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/lifecycle'))?.body).toEqual({
      prefix: '',
      tags: '',
      expiry_date: `${year}-02-28T23:59:59Z`,
    });
  });

  it('Edit Lifecycle Configuration sends disable and tags', async () => {
    const { calls } = render([
      {
        id: 'r1',
        prefix: 'logs/',
        status: 'Enabled',
        expiration: { days: 7 },
        tags: [{ key: 'a', value: 'b' }],
      },
    ]);
    fireEvent.click(await screen.findByTestId(ids.edit('r1')));
    await screen.findByRole('dialog', { name: 'Edit Lifecycle Configuration' });
    expect((screen.getByTestId(ids.editTags) as HTMLInputElement).value).toBe('a=b');
    fireEvent.click(screen.getByTestId(ids.editStatus));
    fireEvent.click(screen.getByTestId(ids.editSave));
    await screen.findByText("Lifecycle rule 'r1' updated.");
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/v1/buckets/photos/lifecycle/r1',
      body: { disable: true, tags: 'a=b' },
    });
    await vi.waitFor(() => expect(screen.getByTestId(ids.status('r1')).textContent).toBe('Disabled'));
  });
});
