import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { OPERATOR_SESSION } from '../../../test/fake-tenants.js';
import { renderWithApp } from '../../../test/render.js';
import type { FakeCall } from '../../../test/render.js';
import { DrivesPage } from './drives-page.js';
import { VolumesPage } from './volumes-page.js';

const GI = 1073741824;
const drive = (node: string, name: string, status: string) => ({
  drive: name,
  node,
  capacity: 100 * GI,
  allocated: 0,
  volumes: 0,
  status,
  message: '',
});
const DRIVES = [
  drive('node-1', '/dev/sdb', 'Available'),
  drive('node-2', '/dev/sdb', 'InUse'),
  drive('node-2', '/dev/sdc', 'Available'),
];

describe('Storage → Volumes (spec 3 §2)', () => {
  it('lists the PVCs with their tenant and searches by name', async () => {
    renderWithApp(<VolumesPage />, {
      session: OPERATOR_SESSION,
      handler: () => ({
        status: 200,
        body: {
          pvcs: [
            {
              name: 'data0-alpha-pool-0-0',
              namespace: 'ns-a',
              status: 'Bound',
              tenant: 'alpha',
              capacity: '1Gi',
              storageClass: 'standard',
              volume: 'pv-1',
              age: '',
            },
            {
              name: 'data1-alpha-pool-0-0',
              namespace: 'ns-a',
              status: 'Bound',
              tenant: 'alpha',
              capacity: '1Gi',
              storageClass: 'standard',
              volume: 'pv-2',
              age: '',
            },
          ],
        },
      }),
    });
    const ids = OPERATOR_TEST_IDS.volumes;
    const row = await screen.findByTestId(ids.row('ns-a/data0-alpha-pool-0-0'));
    expect(row.textContent).toContain('ns-a/alpha');
    expect(row.textContent).toContain('standard');
    expect(screen.getByTestId(ids.view('ns-a/data0-alpha-pool-0-0')).getAttribute('href')).toBe(
      '/namespaces/ns-a/tenants/alpha',
    );
    fireEvent.change(screen.getByTestId(ids.search), { target: { value: 'DATA1' } });
    expect(screen.queryByTestId(ids.row('ns-a/data0-alpha-pool-0-0'))).toBeNull();
    expect(screen.getByPlaceholderText('Search Volumes (PVCs)')).toBeTruthy();
  });
});

describe('Storage → Drives (spec 3 §2, §4)', () => {
  const ids = OPERATOR_TEST_IDS.drives;

  it('says direct-csi is not installed when the drives call fails', async () => {
    renderWithApp(<DrivesPage />, {
      session: OPERATOR_SESSION,
      handler: () => ({
        status: 404,
        body: { errorMessage: 'the server could not find the requested resource' },
      }),
    });
    const notice = await screen.findByTestId(ids.notInstalled);
    expect(notice.textContent).toContain(
      'To manage locally attached drives you need to install direct-csi...',
    );
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('https://github.com/minio/direct-csi');
  });

  it("formats the selected drives after 'YES, PROCEED', clears the selection and lists the issues", async () => {
    const handler = (call: FakeCall) =>
      call.method === 'POST'
        ? {
            status: 200,
            body: {
              formatIssuesList: [
                { node: 'node-2', drive: '/dev/sdb', error: 'Drive in use. Cannot be formatted' },
              ],
            },
          }
        : { status: 200, body: { drives: DRIVES } };
    const { calls } = renderWithApp(<DrivesPage />, { session: OPERATOR_SESSION, handler });
    await screen.findByTestId(ids.row('node-1:/dev/sdb'));
    const formatSelected = screen.getByTestId(ids.formatSelected) as HTMLButtonElement;
    expect(formatSelected.disabled).toBe(true);
    fireEvent.click(screen.getByTestId(ids.select('node-2:/dev/sdb')));
    fireEvent.click(screen.getByTestId(ids.select('node-1:/dev/sdb')));
    expect(formatSelected.disabled).toBe(false);
    fireEvent.click(formatSelected);

    const f = OPERATOR_TEST_IDS.formatDrives;
    expect((await screen.findByTestId(f.list)).textContent).toBe('node-1:/dev/sdbnode-2:/dev/sdb');
    const confirm = screen.getByTestId(f.confirm) as HTMLButtonElement;
    fireEvent.change(screen.getByTestId(f.phrase), { target: { value: 'yes, proceed' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(f.phrase), { target: { value: 'YES, PROCEED' } });
    fireEvent.click(screen.getByTestId(f.force));
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v1/direct-csi/drives/format',
      body: { drives: ['node-1:/dev/sdb', 'node-2:/dev/sdb'], force: true },
    });

    const issue = await screen.findByTestId(OPERATOR_TEST_IDS.formatErrors.row(0));
    expect(issue.textContent).toBe('node-2/dev/sdbDrive in use. Cannot be formatted');
    expect((screen.getByTestId(ids.formatSelected) as HTMLButtonElement).disabled).toBe(true);
    // The list was asked again after the format.
    expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
    fireEvent.click(screen.getByTestId(OPERATOR_TEST_IDS.formatErrors.done));
  });

  it('searches on the drive name and formats one drive from its row', async () => {
    renderWithApp(<DrivesPage />, {
      session: OPERATOR_SESSION,
      handler: () => ({ status: 200, body: { drives: DRIVES } }),
    });
    await screen.findByTestId(ids.row('node-2:/dev/sdc'));
    fireEvent.change(screen.getByTestId(ids.search), { target: { value: 'sdc' } });
    expect(screen.queryByTestId(ids.row('node-1:/dev/sdb'))).toBeNull();
    fireEvent.click(screen.getByTestId(ids.format('node-2:/dev/sdc')));
    expect((await screen.findByTestId(OPERATOR_TEST_IDS.formatDrives.list)).textContent).toBe(
      'node-2:/dev/sdc',
    );
  });
});
