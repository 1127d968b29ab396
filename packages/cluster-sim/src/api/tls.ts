/**
 * The API server's TLS material: a private CA and a server certificate for 127.0.0.1/localhost,
 * made with Debian's `openssl` at first start and kept in the data dir. A real API server serves
 * HTTPS only and `@kubernetes/client-node` refuses plain HTTP without skipping verification, so
 * the simulator does the same and hands out the CA (kubeconfig `certificate-authority-data`).
 */
import { execFile as execFileCb } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const execFile = promisify(execFileCb);

export interface TlsMaterial {
  caPem: string;
  certPem: string;
  keyPem: string;
}

async function openssl(args: string[], cwd: string): Promise<void> {
  try {
    await execFile('openssl', args, { cwd });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error('cluster-sim needs openssl to make its TLS certificate (Debian package "openssl")');
    throw new Error(`openssl ${args[0]} failed: ${e.stderr ?? e.message}`);
  }
}

export async function tlsMaterial(dataDir: string): Promise<TlsMaterial> {
  const dir = path.join(dataDir, 'pki');
  const files = ['ca.crt', 'server.crt', 'server.key'].map((f) => path.join(dir, f));
  if (!files.every((f) => existsSync(f))) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    await openssl(
      [
        'req',
        '-x509',
        ...ec,
        '-keyout',
        'ca.key',
        '-out',
        'ca.crt',
        '-days',
        '3650',
        '-subj',
        '/CN=coffer-sim-ca',
      ],
      dir,
    );
    await openssl(
      ['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=kube-apiserver'],
      dir,
    );
    await writeFile(
      path.join(dir, 'server.ext'),
      [
        'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default.svc',
        'basicConstraints=CA:FALSE',
        'keyUsage=digitalSignature,keyEncipherment',
        'extendedKeyUsage=serverAuth',
        '',
      ].join('\n'),
    );
    await openssl(
      [
        'x509',
        '-req',
        '-in',
        'server.csr',
        '-CA',
        'ca.crt',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        'server.crt',
        '-days',
        '3650',
        '-extfile',
        'server.ext',
      ],
      dir,
    );
  }
  const [caPem, certPem, keyPem] = await Promise.all(files.map((f) => readFile(f, 'utf8')));
  return { caPem: caPem ?? '', certPem: certPem ?? '', keyPem: keyPem ?? '' };
}
