/**
 * The object details page and its modals against a fake console that keeps one object's three
 * versions and answers like the real one: the Details values (spec 2 §2), the modals' rules
 * (spec 2 §4, §5: tag key and label required, a key overwritten; retention type and date off while
 * the status is off, Save needing both, the type locked once set, removal by disabling, a
 * compliance refusal shown inside the modal; legal hold on/off), and the Versions tab (v1 the
 * oldest, search by version id, delete markers not downloadable).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../../selectors.js';
import type { BucketObject } from '../../../../shared/api/types.js';
import type { FakeCall } from '../../../../test/render.js';
import { renderWithApp } from '../../../../test/render.js';
import { ObjectDetails } from './object-details.js';

const ids = TEST_IDS.objectDetails;
const KEY = 'docs/report.txt';
const BASE = '/api/v1/buckets/media/objects';
const el = <T extends HTMLElement = HTMLInputElement>(id: string) => screen.getByTestId(id) as unknown as T;

interface Stored {
  versioned: boolean;
  versions: BucketObject[];
}

function initial(): Stored {
  return {
    versioned: true,
    versions: [
      {
        name: KEY,
        version_id: 'ccc-3',
        is_latest: true,
        last_modified: '2026-03-03T00:00:00Z',
        size: 10,
        tags: { project: 'apollo' },
        user_metadata: { 'X-Amz-Meta-Owner': 'team-3' },
      },
      {
        name: KEY,
        version_id: 'bbb-2',
        is_latest: false,
        is_delete_marker: true,
        last_modified: '2026-02-02T00:00:00Z',
      },
      { name: KEY, version_id: 'aaa-1', is_latest: false, last_modified: '2026-01-01T00:00:00Z', size: 8 },
    ],
  };
}

/** A console keeping `stored`; `refuse` answers a retention removal with the engine's refusal. */
function fakeConsole(stored: Stored) {
  const latest = () => stored.versions[0] as BucketObject;
  return (call: FakeCall) => {
    const url = new URL(call.url, 'http://console');
    if (url.pathname === '/api/v1/buckets/media/versioning') {
      return {
        status: 200,
        body: { is_versioned: stored.versioned, status: stored.versioned ? 'Enabled' : 'Unversioned' },
      };
    }
    if (url.pathname === BASE && call.method === 'GET') {
      return { status: 200, body: { objects: stored.versions } };
    }
    const target =
      stored.versions.find((v) => v.version_id === url.searchParams.get('version_id')) ?? latest();
    if (url.pathname === `${BASE}/tags` && call.method === 'PUT') {
      target.tags = (call.body as { tags: Record<string, string> }).tags;
      return { status: 204 };
    }
    if (url.pathname === `${BASE}/legalhold` && call.method === 'PUT') {
      target.legal_hold_status = (call.body as { status: string }).status === 'enabled' ? 'ON' : 'OFF';
      return { status: 204 };
    }
    if (url.pathname === `${BASE}/retention` && call.method === 'PUT') {
      const body = call.body as { mode: 'governance' | 'compliance'; expires: string };
      target.retention_mode = body.mode;
      target.retention_until_date = body.expires;
      return { status: 204 };
    }
    if (url.pathname === `${BASE}/retention` && call.method === 'DELETE') {
      if (target.retention_mode === 'compliance') {
        return {
          status: 403,
          body: {
            code: 'access_denied',
            message: 'Access Denied because object protected by object lock.',
            detailedMessage: 'AccessDenied: Access Denied because object protected by object lock.',
          },
        };
      }
      delete target.retention_mode;
      delete target.retention_until_date;
      return { status: 204 };
    }
    if (url.pathname === BASE && call.method === 'DELETE') {
      stored.versions = stored.versions.filter((v) => v.version_id !== url.searchParams.get('version_id'));
      return { status: 200, body: { deleted: 1, failed: 0, errors: [] } };
    }
    return { status: 404, body: { message: 'not here' } };
  };
}

function renderDetails(stored: Stored, canDelete = true) {
  const onDelete = vi.fn();
  const rendered = renderWithApp(
    <ObjectDetails bucket="media" object={{ name: KEY }} canDelete={canDelete} onDelete={onDelete} />,
    {
      handler: fakeConsole(stored),
      path: `/object-browser/media/${KEY}`,
      route: '/object-browser/:bucket/*',
    },
  );
  return { ...rendered, onDelete };
}

const changes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');

describe('ObjectDetails: the Details tab', () => {
  it('shows the latest version: Legal Hold Off, Retention Undefined, tags as chips, the metadata table', async () => {
    renderDetails(initial());
    await vi.waitFor(() =>
      expect(screen.getByTestId(ids.tag('project')).textContent).toBe('project: apollo'),
    );
    expect(screen.getByTestId(ids.header).textContent).toBe('Object Browser > Details');
    await vi.waitFor(() => expect(screen.getByTestId(ids.legalHold).textContent).toBe('Off'));
    expect(screen.getByTestId(ids.retention).textContent).toBe('Undefined');
    const table = screen.getByTestId(ids.metadata);
    expect(within(table).getByText('X-Amz-Meta-Owner')).toBeTruthy();
    expect(within(table).getByText('team-3')).toBeTruthy();
    expect(el<HTMLButtonElement>(ids.tabVersions).disabled).toBe(false);
  });

  it("says Disabled for legal hold in an unversioned bucket, and offers no Versions for the 'null' version", async () => {
    const stored: Stored = {
      versioned: false,
      versions: [{ name: KEY, version_id: 'null', is_latest: true }],
    };
    renderDetails(stored);
    await vi.waitFor(() => expect(screen.getByTestId(ids.legalHold).textContent).toBe('Disabled'));
    expect(el<HTMLButtonElement>(ids.editLegalHold).disabled).toBe(true);
    await vi.waitFor(() => expect(el<HTMLButtonElement>(ids.tabVersions).disabled).toBe(true));
  });

  it('disables download and delete for a delete marker', async () => {
    const stored = initial();
    stored.versions = [
      { name: KEY, version_id: 'ddd-4', is_latest: true, is_delete_marker: true },
      ...stored.versions,
    ];
    renderDetails(stored);
    await vi.waitFor(() => expect(el<HTMLButtonElement>(ids.delete).disabled).toBe(true));
    expect(el<HTMLButtonElement>(ids.download).disabled).toBe(true);
    expect(el<HTMLButtonElement>(ids.addTag).disabled).toBe(true);
  });

  it('asks the page to delete the object', async () => {
    const { onDelete } = renderDetails(initial());
    await vi.waitFor(() => expect(el<HTMLButtonElement>(ids.delete).disabled).toBe(false));
    fireEvent.click(el(ids.delete));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});

describe('ObjectDetails: tags', () => {
  it('Add New Tag needs key and label; an existing key is overwritten; the whole set is sent', async () => {
    const stored = initial();
    const { calls } = renderDetails(stored);
    await screen.findByTestId(ids.tag('project'));
    fireEvent.click(el(ids.addTag));
    await screen.findByTestId(TEST_IDS.tagModal.modal);
    const save = () => el<HTMLButtonElement>(TEST_IDS.tagModal.save);
    expect(save().disabled).toBe(true);
    fireEvent.change(el(TEST_IDS.tagModal.key), { target: { value: 'project' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(el(TEST_IDS.tagModal.value), { target: { value: '   ' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(el(TEST_IDS.tagModal.value), { target: { value: 'gemini' } });
    expect(screen.getByText('A tag with this key exists; saving replaces its label.')).toBeTruthy();
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    await vi.waitFor(() =>
      expect(screen.getByTestId(ids.tag('project')).textContent).toBe('project: gemini'),
    );
    expect(changes(calls)).toEqual([
      {
        method: 'PUT',
        url: `${BASE}/tags?prefix=docs%2Freport.txt&version_id=ccc-3`,
        body: { tags: { project: 'gemini' } },
      },
    ]);
  });

  it('Delete Tag sends the set without that tag', async () => {
    const stored = initial();
    stored.versions[0] = {
      ...(stored.versions[0] as BucketObject),
      tags: { project: 'apollo', stage: 'draft' },
    };
    const { calls } = renderDetails(stored);
    fireEvent.click(await screen.findByTestId(ids.deleteTag('stage')));
    fireEvent.click(await screen.findByTestId(TEST_IDS.deleteTagModal.confirm));
    await vi.waitFor(() => expect(screen.queryByTestId(ids.tag('stage'))).toBeNull());
    expect(changes(calls).map((c) => c.body)).toEqual([{ tags: { project: 'apollo' } }]);
  });
});

describe('ObjectDetails: Set Retention Policy', () => {
  it('type and date are off until the status is on; Save needs both; sends date + T23:59:59Z', async () => {
    const stored = initial();
    const { calls } = renderDetails(stored);
    await screen.findByTestId(ids.tag('project'));
    fireEvent.click(el(ids.editRetention));
    await screen.findByTestId(TEST_IDS.retentionModal.modal);
    const governance = () => el(`${TEST_IDS.retentionModal.type}-governance`);
    const save = () => el<HTMLButtonElement>(TEST_IDS.retentionModal.save);
    expect(governance().disabled).toBe(true);
    expect(el(TEST_IDS.retentionModal.date).disabled).toBe(true);

    fireEvent.click(el(TEST_IDS.retentionModal.status));
    expect(governance().disabled).toBe(false);
    expect(save().disabled).toBe(true);
    fireEvent.click(governance());
    expect(save().disabled).toBe(true);
    fireEvent.change(el(TEST_IDS.retentionModal.date), { target: { value: '2031-05-06' } });
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    await vi.waitFor(() =>
      expect(screen.getByTestId(ids.retention).textContent).toMatch(/^Governance until /),
    );
    expect(changes(calls)).toEqual([
      {
        method: 'PUT',
        url: `${BASE}/retention?prefix=docs%2Freport.txt&version_id=ccc-3`,
        body: { expires: '2031-05-06T23:59:59Z', mode: 'governance' },
      },
    ]);

    // Reopened: the type is locked; disabling the status removes the governance retention.
    fireEvent.click(el(ids.editRetention));
    await screen.findByTestId(TEST_IDS.retentionModal.modal);
    expect(governance().checked).toBe(true);
    expect(governance().disabled).toBe(true);
    expect(el(`${TEST_IDS.retentionModal.type}-compliance`).disabled).toBe(true);
    fireEvent.click(el(TEST_IDS.retentionModal.status));
    fireEvent.click(save());
    await vi.waitFor(() => expect(screen.getByTestId(ids.retention).textContent).toBe('Undefined'));
    expect(changes(calls).at(-1)).toMatchObject({
      method: 'DELETE',
      url: `${BASE}/retention?prefix=docs%2Freport.txt&version_id=ccc-3`,
    });
  });

  it("a compliance retention's removal is refused: the server's message shows inside the modal", async () => {
    const stored = initial();
    stored.versions[0] = {
      ...(stored.versions[0] as BucketObject),
      retention_mode: 'compliance',
      retention_until_date: '2031-01-01T23:59:59Z',
    };
    renderDetails(stored);
    await vi.waitFor(() =>
      expect(screen.getByTestId(ids.retention).textContent).toMatch(/^Compliance until /),
    );
    fireEvent.click(el(ids.editRetention));
    await screen.findByTestId(TEST_IDS.retentionModal.modal);
    expect(el(TEST_IDS.retentionModal.date).value).toBe('2031-01-01');
    fireEvent.click(el(TEST_IDS.retentionModal.status));
    fireEvent.click(el(TEST_IDS.retentionModal.save));
    const error = await screen.findByTestId(TEST_IDS.retentionModal.error);
    expect(error.textContent).toContain('Access Denied because object protected by object lock.');
    expect(screen.getByTestId(TEST_IDS.retentionModal.modal)).toBeTruthy();
    expect(stored.versions[0]?.retention_mode).toBe('compliance');
  });
});

describe('ObjectDetails: Set Legal Hold', () => {
  it('turns the legal hold on, then off', async () => {
    const stored = initial();
    const { calls } = renderDetails(stored);
    await vi.waitFor(() => expect(el<HTMLButtonElement>(ids.editLegalHold).disabled).toBe(false));
    fireEvent.click(el(ids.editLegalHold));
    await screen.findByTestId(TEST_IDS.legalHoldModal.modal);
    expect(el(TEST_IDS.legalHoldModal.status).checked).toBe(false);
    fireEvent.click(el(TEST_IDS.legalHoldModal.status));
    fireEvent.click(el(TEST_IDS.legalHoldModal.save));
    await vi.waitFor(() => expect(screen.getByTestId(ids.legalHold).textContent).toBe('on'));
    fireEvent.click(el(ids.editLegalHold));
    await screen.findByTestId(TEST_IDS.legalHoldModal.modal);
    expect(el(TEST_IDS.legalHoldModal.status).checked).toBe(true);
    fireEvent.click(el(TEST_IDS.legalHoldModal.status));
    fireEvent.click(el(TEST_IDS.legalHoldModal.save));
    await vi.waitFor(() => expect(screen.getByTestId(ids.legalHold).textContent).toBe('off'));
    expect(changes(calls).map((c) => c.body)).toEqual([{ status: 'enabled' }, { status: 'disabled' }]);
  });
});

describe('ObjectDetails: Versions', () => {
  it('numbers v1 as the oldest, searches by version id, and does not download delete markers', async () => {
    renderDetails(initial());
    await vi.waitFor(() => expect(el<HTMLButtonElement>(ids.tabVersions).disabled).toBe(false));
    fireEvent.click(el(ids.tabVersions));
    const table = await screen.findByTestId(ids.versionsTable);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((c) => c.textContent))).toEqual([
      ['v3', 'ccc-3'],
      ['v2', 'bbb-2'],
      ['v1', 'aaa-1'],
    ]);
    expect(within(screen.getByTestId(ids.versionRow('bbb-2'))).getByText('Yes')).toBeTruthy();
    expect(el<HTMLButtonElement>(ids.versionDownload('bbb-2')).disabled).toBe(true);
    expect(el<HTMLAnchorElement>(ids.versionDownload('aaa-1')).getAttribute('href')).toBe(
      `${BASE}/download?prefix=docs%2Freport.txt&version_id=aaa-1`,
    );
    fireEvent.change(el(ids.versionsSearch), { target: { value: 'AAA' } });
    expect(screen.queryByTestId(ids.versionRow('ccc-3'))).toBeNull();
    expect(screen.getByTestId(ids.versionRow('aaa-1')).textContent).toContain('v1');
  });

  it('deletes one version after confirming; the list follows', async () => {
    const stored = initial();
    const { calls } = renderDetails(stored);
    await vi.waitFor(() => expect(el<HTMLButtonElement>(ids.tabVersions).disabled).toBe(false));
    fireEvent.click(el(ids.tabVersions));
    fireEvent.click(await screen.findByTestId(ids.versionDelete('aaa-1')));
    const modal = await screen.findByTestId(TEST_IDS.deleteVersionModal.modal);
    expect(modal.textContent).toContain('Are you sure you want to delete version v1 of report.txt?');
    fireEvent.click(screen.getByTestId(TEST_IDS.deleteVersionModal.confirm));
    await vi.waitFor(() => expect(screen.queryByTestId(ids.versionRow('aaa-1'))).toBeNull());
    expect(changes(calls)).toEqual([
      { method: 'DELETE', url: `${BASE}?path=docs%2Freport.txt&version_id=aaa-1`, body: undefined },
    ]);
  });

  it('offers no version delete to an account that may not delete', async () => {
    renderDetails(initial(), false);
    await vi.waitFor(() => expect(el<HTMLButtonElement>(ids.tabVersions).disabled).toBe(false));
    fireEvent.click(el(ids.tabVersions));
    expect(((await screen.findByTestId(ids.versionDelete('aaa-1'))) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(el<HTMLButtonElement>(ids.delete).disabled).toBe(true);
  });
});
