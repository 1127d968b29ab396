import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { SESSION, renderWithApp, type FakeAnswer, type FakeCall } from '../../../test/render.js';
import { BucketReplicationPage } from './bucket-replication-page.js';
import { SetReplicationModal } from './set-replication-modal.js';

const ids = TEST_IDS.replication;
const tab = TEST_IDS.replicationTab;
const ARN = 'arn:minio:replication::0f7e:backup';

const rule = (n: number, tags = '') => ({
  id: `rule-${n}`,
  status: 'Enabled',
  priority: n,
  prefix: n === 1 ? 'docs/' : '',
  tags,
  destination: { bucket: ARN },
  delete_marker_replication: true,
  deletes_replication: true,
});

/** The wizard's calls: the remote's buckets (or none), and one bucket refused. */
function fakeWizard(options: { remoteBuckets: string[] }) {
  return (call: FakeCall): FakeAnswer => {
    if (call.url === '/api/v1/list-external-buckets')
      return { status: 200, body: { buckets: options.remoteBuckets.map((name) => ({ name })) } };
    if (call.url === '/api/v1/buckets-replication') {
      const body = call.body as { bucketsRelation: { originBucket: string; destinationBucket: string }[] };
      return {
        status: 200,
        body: {
          replicationState: body.bucketsRelation.map((r) => ({
            originBucket: r.originBucket,
            targetBucket: r.destinationBucket,
            errorString: r.originBucket === 'plain' ? 'InvalidRequest: Versioning must be enabled' : '',
          })),
        },
      };
    }
    return { status: 404, body: {} };
  };
}

describe('Set Multiple Bucket Replication', () => {
  it("lists the remote's buckets, sends one request with the spec's defaults, shows each bucket's outcome", async () => {
    const onClose = vi.fn();
    const { calls } = renderWithApp(
      <SetReplicationModal buckets={['photos', 'plain']} opened onClose={onClose} />,
      {
        handler: fakeWizard({ remoteBuckets: ['backup', 'archive'] }),
      },
    );
    await screen.findByText(
      'Avoid using root credentials for the remote server: use an account that may only do what replication needs.',
    );
    // Spec 1 §9 defaults: TLS on, async, 100 Gi, 60 s.
    expect((screen.getByTestId(ids.useTLS) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId(ids.syncMode) as HTMLSelectElement).value).toBe('async');
    expect((screen.getByTestId(ids.bandwidth) as HTMLInputElement).value).toBe('100');
    expect((screen.getByTestId(ids.bandwidthUnit) as HTMLSelectElement).value).toBe('Gi');
    expect((screen.getByTestId(ids.healthCheck) as HTMLInputElement).value).toBe('60');
    fireEvent.change(screen.getByTestId(ids.targetURL), { target: { value: 'remote:9000' } });
    fireEvent.change(screen.getByTestId(ids.accessKey), { target: { value: 'repl' } });
    fireEvent.change(screen.getByTestId(ids.secretKey), { target: { value: 'repl-secret' } });
    fireEvent.click(screen.getByTestId(ids.next));

    // Step 2: a selection from the remote's buckets.
    const photos = (await screen.findByTestId(ids.destination('photos'))) as HTMLSelectElement;
    expect([...photos.options].map((o) => o.value)).toEqual(['', 'backup', 'archive']);
    const create = screen.getByTestId(ids.create) as HTMLButtonElement;
    fireEvent.change(photos, { target: { value: 'backup' } });
    fireEvent.change(screen.getByTestId(ids.destination('plain')), { target: { value: 'archive' } });
    fireEvent.click(create);

    const failed = await screen.findByTestId(ids.outcome('plain'));
    expect(failed.getAttribute('data-outcome')).toBe('error');
    expect(failed.getAttribute('aria-label')).toBe(
      'Replication failed: InvalidRequest: Versioning must be enabled',
    );
    expect(calls.find((c) => c.url === '/api/v1/buckets-replication')?.body).toEqual({
      targetURL: 'remote:9000',
      useTLS: true,
      accessKey: 'repl',
      secretKey: 'repl-secret',
      region: '',
      syncMode: 'async',
      bandwidth: 100 * 1024 ** 3,
      healthCheckPeriod: 60,
      bucketsRelation: [
        { originBucket: 'photos', destinationBucket: 'backup' },
        { originBucket: 'plain', destinationBucket: 'archive' },
      ],
    });
    // The bucket that worked leaves the list shortly after; the failed one stays; the wizard stays open.
    await vi.waitFor(() => expect(screen.queryByTestId(ids.assignRow('photos'))).toBeNull());
    expect(screen.getByTestId(ids.assignRow('plain'))).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    // Back to step 1 (reached) keeps the values.
    fireEvent.click(screen.getByTestId(ids.back));
    expect((screen.getByTestId(ids.targetURL) as HTMLInputElement).value).toBe('remote:9000');
  });

  it('without remote buckets the destination is typed; sync sends bandwidth 0; all well closes the wizard', async () => {
    const onClose = vi.fn();
    const { calls } = renderWithApp(<SetReplicationModal buckets={['photos']} opened onClose={onClose} />, {
      handler: fakeWizard({ remoteBuckets: [] }),
    });
    fireEvent.change(await screen.findByTestId(ids.syncMode), { target: { value: 'sync' } });
    expect(screen.queryByTestId(ids.bandwidth)).toBeNull();
    fireEvent.click(screen.getByTestId(ids.next));
    const destination = (await screen.findByTestId(ids.destination('photos'))) as HTMLInputElement;
    expect(destination.tagName).toBe('INPUT');
    fireEvent.change(destination, { target: { value: 'typed-bucket' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId(ids.create));
    });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.url === '/api/v1/buckets-replication')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ syncMode: 'sync', bandwidth: 0 });
  });
});

function fakeTab(rules: ReturnType<typeof rule>[], canWrite: boolean) {
  return (call: FakeCall): FakeAnswer => {
    if (call.url === '/api/v1/buckets/photos') return { status: 200, body: { name: 'photos' } };
    if (call.url === '/api/v1/buckets/photos/replication') return { status: 200, body: { rules } };
    if (call.url === '/api/v1/has-permission') {
      const { actions } = call.body as { actions: { id: string; action: string }[] };
      return {
        status: 200,
        body: {
          permissions: actions.map((a) => ({
            id: a.id,
            can: a.action !== 's3:PutReplicationConfiguration' || canWrite,
          })),
        },
      };
    }
    if (call.method === 'DELETE') return { status: 204, body: null };
    return { status: 404, body: {} };
  };
}

const renderTab = (handler: ReturnType<typeof fakeTab>, distributedMode = true) =>
  renderWithApp(<BucketReplicationPage />, {
    handler,
    path: '/buckets/photos/replication',
    route: '/buckets/:bucketName/replication',
    session: { ...SESSION, distributedMode },
  });

describe('bucket Replication tab', () => {
  it('lists the rules with the ARN prefix stripped and tags as Yes/No; delete is disabled above one rule', async () => {
    renderTab(fakeTab([rule(2), rule(1, 'team=blue')], true));
    const first = await screen.findByTestId(tab.row('rule-1'));
    expect([...first.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)).toEqual([
      '1',
      'backup',
      'docs/',
      'Yes',
      'Enabled',
    ]);
    expect(
      within(screen.getByTestId(tab.table))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-testid')),
    ).toEqual([tab.row('rule-1'), tab.row('rule-2')]);
    expect((screen.getByTestId(tab.delete('rule-1')) as HTMLButtonElement).disabled).toBe(true);
    await vi.waitFor(() => expect((screen.getByTestId(tab.add) as HTMLButtonElement).disabled).toBe(false));
  });

  it('deletes the only rule after the confirmation; Add is disabled without s3:PutReplicationConfiguration', async () => {
    const { calls } = renderTab(fakeTab([rule(1)], false));
    await screen.findByTestId(tab.row('rule-1'));
    expect((screen.getByTestId(tab.add) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId(tab.delete('rule-1')));
    await screen.findByText(/at least one rule must remain/);
    fireEvent.click(screen.getByTestId(tab.deleteConfirm));
    await screen.findByText("Replication rule 'rule-1' deleted.");
    expect(
      calls.some((c) => c.method === 'DELETE' && c.url === '/api/v1/buckets/photos/replication/rule-1'),
    ).toBe(true);
  });

  it("Set Bucket Replication sends one bucket's rule with prefix, tags and switches; its error shows inside", async () => {
    const base = fakeTab([], true);
    const { calls } = renderTab((call) =>
      call.url === '/api/v1/buckets-replication'
        ? {
            status: 200,
            body: {
              replicationState: [
                {
                  originBucket: 'photos',
                  targetBucket: 'backup',
                  errorString: 'InvalidRequest: no versioning',
                },
              ],
            },
          }
        : base(call),
    );
    await screen.findByTestId(tab.empty);
    await vi.waitFor(() => expect((screen.getByTestId(tab.add) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId(tab.add));
    await screen.findByRole('dialog', { name: 'Set Bucket Replication' });
    const save = screen.getByTestId(tab.addSave) as HTMLButtonElement;
    // Spec 1 §5: no required-field checks — Save is open before anything is typed.
    expect(save.disabled).toBe(false);
    fireEvent.change(screen.getByTestId(ids.targetURL), { target: { value: 'remote:9000' } });
    fireEvent.change(screen.getByTestId(tab.targetBucket), { target: { value: 'backup' } });
    fireEvent.change(screen.getByTestId(tab.prefix), { target: { value: 'docs/' } });
    fireEvent.change(screen.getByTestId(tab.tags), { target: { value: 'a=1&b=2' } });
    fireEvent.click(screen.getByLabelText('Replicate deletes'));
    fireEvent.click(save);
    expect((await screen.findByTestId(tab.addProblem)).textContent).toBe('InvalidRequest: no versioning');
    expect(calls.find((c) => c.url === '/api/v1/buckets-replication')?.body).toMatchObject({
      targetURL: 'remote:9000',
      bucketsRelation: [{ originBucket: 'photos', destinationBucket: 'backup' }],
      prefix: 'docs/',
      tags: 'a=1&b=2',
      replicateDeleteMarkers: true,
      replicateDeletes: false,
      replicateMetadata: true,
    });
  });

  it('outside a distributed setup the tab is not there', async () => {
    const { calls } = renderTab(fakeTab([rule(1)], true), false);
    await vi.waitFor(() => expect(screen.queryByTestId(tab.screen)).toBeNull());
    expect(calls.some((c) => c.url.endsWith('/replication'))).toBe(false);
  });
});
