import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp, type FakeAnswer, type FakeCall } from '../../../test/render.js';
import { BucketEventsPage } from './bucket-events-page.js';

const ids = TEST_IDS.bucketEvents;
const ARN = 'arn:minio:sqs:us-east-1:1:webhook';

/** A bucket with event rules, the ARNs, and refusals on demand. */
function fakeEvents(options: { arns?: string[]; refuse?: boolean } = {}) {
  const rules = [{ id: 'r1', arn: ARN, events: ['put', 'delete'], prefix: 'photos/', suffix: '.jpg' }];
  return (call: FakeCall): FakeAnswer => {
    if (call.url === '/api/v1/buckets/photos') return { status: 200, body: { name: 'photos' } };
    // The detail frame asks whether its Replication entry is enabled.
    if (call.url === '/api/v1/has-permission') return { status: 200, body: { permissions: [] } };
    if (call.url === '/api/v1/admin/arns') return { status: 200, body: { arns: options.arns ?? [ARN] } };
    if (call.url === '/api/v1/buckets/photos/events' && call.method === 'GET')
      return { status: 200, body: { events: rules } };
    if (options.refuse === true)
      return { status: 409, body: { code: 'conflict', message: 'The rule overlaps another.' } };
    if (call.method === 'POST') {
      const body = call.body as { configuration: (typeof rules)[number] };
      rules.push({ ...body.configuration, id: 'r2' });
      return { status: 201, body: {} };
    }
    if (call.method === 'DELETE') {
      rules.splice(0, 1);
      return { status: 200, body: {} };
    }
    return { status: 404, body: {} };
  };
}

const render = (handler: ReturnType<typeof fakeEvents>) =>
  renderWithApp(<BucketEventsPage />, {
    handler,
    path: '/buckets/photos/events',
    route: '/buckets/:bucketName/events',
  });

describe('bucket Events tab', () => {
  it('lists the rules (SQS, Events, Prefix, Suffix) and subscribes a new one', async () => {
    const { calls } = render(fakeEvents());
    const row = await screen.findByTestId(ids.row(0));
    expect([...row.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent)).toEqual([
      ARN,
      'put, delete',
      'photos/',
      '.jpg',
    ]);
    expect(
      within(screen.getByTestId(ids.table))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['SQS', 'Events', 'Prefix', 'Suffix', 'Actions']);
    expect(screen.getByTestId(TEST_IDS.bucketDetail.menuItem('events'))).toBeTruthy();

    fireEvent.click(screen.getByTestId(ids.subscribe));
    await screen.findByRole('dialog', { name: 'Subscribe To Event' });
    const save = screen.getByTestId(ids.subscribeSave) as HTMLButtonElement;
    await vi.waitFor(() =>
      expect([...(screen.getByTestId(ids.arn) as HTMLSelectElement).options].map((o) => o.value)).toEqual([
        '',
        ARN,
      ]),
    );
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(ids.arn), { target: { value: ARN } });
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByTestId(ids.event('get')));
    fireEvent.click(screen.getByTestId(ids.event('put')));
    expect(save.disabled).toBe(false);
    fireEvent.change(screen.getByTestId(ids.prefix), { target: { value: ' docs/ ' } });
    fireEvent.click(save);
    await screen.findByText('Event subscription saved.');
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/events'))).toEqual([
      {
        method: 'POST',
        url: '/api/v1/buckets/photos/events',
        body: {
          configuration: { arn: ARN, events: ['put', 'get'], prefix: 'docs/', suffix: '' },
          ignoreExisting: true,
        },
      },
    ]);
    expect((await screen.findByTestId(ids.row(1))).textContent).toContain('put, get');
  });

  it('says where targets are added when there is none to subscribe to', async () => {
    render(fakeEvents({ arns: [] }));
    fireEvent.click(await screen.findByTestId(ids.subscribe));
    expect((await screen.findByTestId(ids.noArns)).textContent).toContain('Lambda Notifications');
  });

  it('keeps a refusal inside the modal', async () => {
    render(fakeEvents({ refuse: true }));
    fireEvent.click(await screen.findByTestId(ids.subscribe));
    const dialog = within(await screen.findByRole('dialog', { name: 'Subscribe To Event' }));
    await vi.waitFor(() => expect(dialog.getAllByRole('option').length).toBe(2));
    fireEvent.change(dialog.getByTestId(ids.arn), { target: { value: ARN } });
    fireEvent.click(dialog.getByTestId(ids.event('delete')));
    fireEvent.click(dialog.getByTestId(ids.subscribeSave));
    expect((await dialog.findByTestId(ids.subscribeError)).textContent).toContain(
      'The rule overlaps another.',
    );
    expect(screen.getByRole('dialog', { name: 'Subscribe To Event' })).toBeTruthy();
  });

  it('Delete Event sends the rule by its ARN with its events, prefix and suffix', async () => {
    const { calls } = render(fakeEvents());
    fireEvent.click(await screen.findByTestId(ids.delete(0)));
    await screen.findByRole('dialog', { name: 'Delete Event' });
    expect(screen.getByText('Are you sure you want to delete this event?')).toBeTruthy();
    fireEvent.click(screen.getByTestId(ids.deleteConfirm));
    await screen.findByText('Event subscription deleted.');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      {
        method: 'DELETE',
        url: `/api/v1/buckets/photos/events/${encodeURIComponent(ARN)}`,
        body: { events: ['put', 'delete'], prefix: 'photos/', suffix: '.jpg' },
      },
    ]);
    expect(await screen.findByTestId(ids.empty)).toBeTruthy();
  });
});
