import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { openObjectLayer } from '../object-layer/index.js';
import { defaultParity, prepareDrives, readFormat } from './format.js';
import { StartupError } from './startup-error.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function makeRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'coffer-fmt-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  return root;
}

const quiet = (): void => undefined;

async function startupError(promise: Promise<unknown>): Promise<StartupError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StartupError);
  return error as StartupError;
}

describe('drive formatting', () => {
  it('uses the default parity per drive count', () => {
    expect([1, 2, 3, 4, 5, 6, 8, 16, 20].map(defaultParity)).toEqual([0, 1, 1, 2, 2, 3, 4, 8, 8]);
  });

  it('formats fresh drives once and keeps the deployment id', async () => {
    const root = await makeRoot();
    const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
    const first = await prepareDrives(drives, undefined, quiet);
    expect(first.dataShards).toBe(2);
    expect(first.parityShards).toBe(2);
    const again = await prepareDrives(drives, undefined, quiet);
    expect(again.deploymentId).toBe(first.deploymentId);
    expect(again.driveIds).toEqual(first.driveIds);
    const format = await readFormat(drives[2] as string);
    expect(format.state === 'ok' && format.format.driveId).toBe(first.driveIds[2]);
  });

  it('formats a fresh drive among formatted ones into its slot and heals it', async () => {
    const root = await makeRoot();
    const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
    const { layer, deploymentId } = await openObjectLayer({ drives });
    await layer.makeBucket('fresh');
    await layer.putObject('fresh', 'k', Readable.from([Buffer.alloc(300_000, 7)]), { size: 300_000 });
    await layer.close();
    await rm(drives[3] as string, { recursive: true });
    const reopened = await openObjectLayer({ drives });
    cleanups.push(() => reopened.layer.close());
    expect(reopened.deploymentId).toBe(deploymentId);
    await reopened.layer.healAll({});
    const data = await readdir(join(drives[3] as string, '.coffer.sys', 'data', 'fresh'));
    expect(data).toHaveLength(1);
    expect((await reopened.layer.storageInfo()).drives.map((d) => d.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('refuses a drive of another deployment, naming it and both ids', async () => {
    const root = await makeRoot();
    const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
    const mine = await prepareDrives(drives, undefined, quiet);
    const foreign = join(root, 'foreign');
    const theirs = await prepareDrives([foreign, join(root, 'f2')], undefined, quiet);
    // Replace drive 2 with a drive of the other deployment.
    await rm(drives[1] as string, { recursive: true });
    await cp(foreign, drives[1] as string, { recursive: true });
    const error = await startupError(prepareDrives(drives, undefined, quiet));
    expect(error.message).toContain(drives[1]);
    expect(error.message).toContain(mine.deploymentId);
    expect(error.message).toContain(theirs.deploymentId);
  });

  it('refuses drives listed in another order, duplicated, or too few formatted', async () => {
    const root = await makeRoot();
    const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
    await prepareDrives(drives, undefined, quiet);
    const swapped = [drives[1], drives[0], drives[2], drives[3]] as string[];
    const order = await startupError(prepareDrives(swapped, undefined, quiet));
    expect(order.message).toMatch(/d2 is drive 2 of deployment .* configured at position 1/);
    const dup = await startupError(
      prepareDrives([drives[0], drives[0], drives[1], drives[2]] as string[], undefined, quiet),
    );
    expect(dup.message).toContain('listed twice');
    for (const d of drives.slice(0, 3)) await rm(d, { recursive: true });
    const few = await startupError(prepareDrives(drives, undefined, quiet));
    expect(few.message).toMatch(/Only 1 of 4 drives carry the format/);
    const count = await startupError(
      prepareDrives(drives.slice(0, 3).concat(drives[3] as string, join(root, 'd5')), undefined, quiet),
    );
    expect(count.message).toMatch(/formatted with 4 drive\(s\), but 5 are configured|Only 1 of/);
  });

  it.skipIf(process.getuid?.() === 0)('refuses a drive that is not writable, saying why', async () => {
    const root = await makeRoot();
    const ro = join(root, 'ro');
    await mkdir(ro);
    await chmod(ro, 0o500);
    cleanups.push(() => chmod(ro, 0o700));
    const error = await startupError(prepareDrives([ro], undefined, quiet));
    expect(error.message).toContain(ro);
    expect(error.message).toMatch(/not writable: permission denied/);
  });

  it('refuses a drive path that is a file', async () => {
    const root = await makeRoot();
    const file = join(root, 'file');
    await writeFile(file, 'x');
    const error = await startupError(prepareDrives([file], undefined, quiet));
    expect(error.message).toContain(`Drive ${file} is not writable`);
    expect(error.message).toContain('ENOTDIR');
    expect(await readFile(file, 'utf8')).toBe('x');
  });
});
