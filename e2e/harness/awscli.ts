/**
 * awscli against the engine with given keys: its own config file in a temp dir (path-style
 * addressing, region us-east-1, never the user's ~/.aws), credentials only in the environment.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface AwsResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function awsS3(
  dir: string,
  endpoint: string,
  keys: { accessKey: string; secretKey: string },
  args: string[],
): Promise<AwsResult> {
  await mkdir(dir, { recursive: true });
  const config = join(dir, 'aws-config');
  const credentials = join(dir, 'aws-credentials');
  await writeFile(config, '[default]\nregion = us-east-1\ns3 =\n    addressing_style = path\n');
  await writeFile(credentials, '');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AWS_ACCESS_KEY_ID: keys.accessKey,
    AWS_SECRET_ACCESS_KEY: keys.secretKey,
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_REGION: 'us-east-1',
    AWS_CONFIG_FILE: config,
    AWS_SHARED_CREDENTIALS_FILE: credentials,
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_PAGER: '',
  };
  // Anything inherited that would change which identity or endpoint is used.
  for (const name of ['AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_S3'])
    delete env[name];
  return new Promise((resolve) => {
    execFile(
      'aws',
      ['--endpoint-url', endpoint, 's3', ...args],
      { env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
