/**
 * The system facts of MinIO's health info (madmin `SysInfo`, wire doc §3.12) that a Node process
 * can honestly read on Linux: CPUs (`/proc/cpuinfo`, else `os.cpus()`), memory (`/proc/meminfo`,
 * the cgroup limit), the OS (`os`, `/etc/os-release`) and each drive's partition (mount from
 * `/proc/self/mountinfo`, space and inodes from `statfs`). A fact that cannot be read is left
 * out or reported in the node's `error`, never made up.
 */
import { readdir, readFile, statfs } from 'node:fs/promises';
import os from 'node:os';

const readText = (path: string): Promise<string | undefined> => readFile(path, 'utf8').catch(() => undefined);

/** `key : value` lines of /proc files, in blocks separated by blank lines. */
function procBlocks(text: string): Map<string, string>[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** madmin `CPUs` of this node: one `CPU` per physical package, with its core count. */
export async function cpuFacts(addr: string): Promise<Record<string, unknown>> {
  const text = await readText('/proc/cpuinfo');
  const blocks = text === undefined ? [] : procBlocks(text).filter((b) => b.has('processor'));
  if (blocks.length === 0) {
    const cpus = os.cpus();
    return {
      addr,
      cpus:
        cpus.length === 0
          ? []
          : [{ model_name: cpus[0]?.model ?? '', mhz: cpus[0]?.speed ?? 0, cores: cpus.length }],
    };
  }
  const packages = new Map<string, Map<string, string>[]>();
  for (const block of blocks) {
    const id = block.get('physical id') ?? '0';
    packages.set(id, [...(packages.get(id) ?? []), block]);
  }
  const cpus = [...packages].map(([id, threads]) => {
    const first = threads[0] ?? new Map<string, string>();
    return {
      vendor_id: first.get('vendor_id') ?? '',
      family: first.get('cpu family') ?? '',
      model: first.get('model') ?? '',
      stepping: Number(first.get('stepping') ?? 0) || 0,
      physical_id: id,
      model_name: first.get('model name') ?? '',
      mhz: Number(first.get('cpu MHz') ?? 0) || 0,
      cache_size: Number.parseInt(first.get('cache size') ?? '0', 10) || 0,
      flags: (first.get('flags') ?? '').split(/\s+/).filter((f) => f !== ''),
      microcode: first.get('microcode') ?? '',
      cores: Number(first.get('cpu cores') ?? threads.length) || threads.length,
    };
  });
  return { addr, cpus };
}

/** madmin `MemInfo` (bytes), as gopsutil computes it from /proc/meminfo. */
export async function memoryFacts(addr: string): Promise<Record<string, unknown>> {
  const text = await readText('/proc/meminfo');
  if (text === undefined) {
    return {
      addr,
      total: os.totalmem(),
      available: os.freemem(),
      free: os.freemem(),
      used: os.totalmem() - os.freemem(),
    };
  }
  const kb = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^(\w+):\s+(\d+)/.exec(line);
    if (m) kb.set(m[1] ?? '', Number(m[2]) * 1024);
  }
  const get = (key: string): number => kb.get(key) ?? 0;
  const cache = get('Cached') + get('SReclaimable');
  const facts: Record<string, unknown> = {
    addr,
    total: get('MemTotal'),
    used: Math.max(0, get('MemTotal') - get('MemFree') - get('Buffers') - cache),
    free: get('MemFree'),
    available: get('MemAvailable'),
    shared: get('Shmem'),
    cache,
    buffers: get('Buffers'),
    swap_space_total: get('SwapTotal'),
    swap_space_free: get('SwapFree'),
  };
  const limit = Number((await readText('/sys/fs/cgroup/memory.max'))?.trim());
  if (Number.isFinite(limit) && limit > 0) facts.mem_limit = limit;
  return facts;
}

/** `/etc/os-release` → its keys. */
async function osRelease(): Promise<Map<string, string>> {
  const fields = new Map<string, string>();
  for (const line of ((await readText('/etc/os-release')) ?? '').split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line);
    if (m) fields.set(m[1] ?? '', (m[2] ?? '').replace(/^"(.*)"$/, '$1'));
  }
  return fields;
}

/** madmin `OSInfo`: gopsutil's `host.InfoStat`. */
export async function osFacts(addr: string): Promise<Record<string, unknown>> {
  const release = await osRelease();
  const procs = (await readdir('/proc').catch(() => [] as string[])).filter((name) =>
    /^\d+$/.test(name),
  ).length;
  const uptime = Math.floor(os.uptime());
  return {
    addr,
    info: {
      hostname: os.hostname(),
      uptime,
      bootTime: Math.floor(Date.now() / 1000) - uptime,
      procs,
      os: process.platform,
      platform: release.get('ID') ?? '',
      platformFamily: release.get('ID_LIKE') ?? release.get('ID') ?? '',
      platformVersion: release.get('VERSION_ID') ?? '',
      kernelVersion: os.release(),
      kernelArch: os.machine(),
      virtualizationSystem: '',
      virtualizationRole: '',
      hostId: '',
    },
  };
}

interface Mount {
  major: number;
  minor: number;
  mountpoint: string;
  options: string;
  fsType: string;
  device: string;
}

/** /proc/self/mountinfo: `id parent maj:min root mountpoint options [optional…] - fstype source superopts`. */
async function mounts(): Promise<Mount[]> {
  const text = (await readText('/proc/self/mountinfo')) ?? '';
  return text.split('\n').flatMap((line) => {
    const [left, right] = line.split(' - ');
    const f = left?.split(' ') ?? [];
    const r = right?.split(' ') ?? [];
    if (f.length < 6 || r.length < 2) return [];
    const [major, minor] = (f[2] ?? '0:0').split(':').map(Number);
    const unescape = (s: string): string =>
      s.replace(/\\(\d{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)));
    return [
      {
        major: major ?? 0,
        minor: minor ?? 0,
        mountpoint: unescape(f[4] ?? ''),
        options: f[5] ?? '',
        fsType: r[0] ?? '',
        device: unescape(r[1] ?? ''),
      },
    ];
  });
}

/** The mount a path lives on: the longest mount point that is a prefix of it. */
function mountOf(path: string, all: readonly Mount[]): Mount | undefined {
  let best: Mount | undefined;
  for (const m of all) {
    const prefix = m.mountpoint === '/' ? '/' : `${m.mountpoint}/`;
    if (
      (path === m.mountpoint || path.startsWith(prefix)) &&
      m.mountpoint.length >= (best?.mountpoint.length ?? -1)
    ) {
      best = m;
    }
  }
  return best;
}

/** madmin `Partitions` of this node: one `Partition` per drive path (space and inodes of its file system). */
export async function partitionFacts(
  addr: string,
  drivePaths: readonly string[],
): Promise<Record<string, unknown>> {
  const all = await mounts();
  const partitions = await Promise.all(
    drivePaths.map(async (path) => {
      const mount = mountOf(path, all);
      const base: Record<string, unknown> = {
        device: mount?.device ?? '',
        major: mount?.major ?? 0,
        minor: mount?.minor ?? 0,
        mountpoint: mount?.mountpoint ?? '',
        fs_type: mount?.fsType ?? '',
        mount_options: mount?.options ?? '',
        path,
      };
      try {
        const s = await statfs(path);
        return {
          ...base,
          space_total: s.blocks * s.bsize,
          space_free: s.bavail * s.bsize,
          inode_total: s.files,
          inode_free: s.ffree,
        };
      } catch (err) {
        return { ...base, error: (err as Error).message };
      }
    }),
  );
  return { addr, partitions };
}
