/**
 * The Elasticsearch notification target (`notify_elasticsearch`, issue 10 §2) on the official
 * client (8.x). MinIO's two formats:
 * - `namespace` (default): the index mirrors the bucket — one document per object, its id the
 *   HighwayHash-256 of `<bucket>/<object>` as MinIO names it (`highwayhash.ts`), body
 *   `{Records: [record]}`, replaced on every change and deleted on `s3:ObjectRemoved:Delete`;
 * - `access`: an append-only log — one new document (`{Records: [record]}`) per event.
 * Before the first write the server must be Elasticsearch 7 or later (MinIO refuses older ones) and
 * the index is created when missing. `send` resolves once Elasticsearch acknowledged the write.
 */
import { Client, errors } from '@elastic/elasticsearch';
import { InvalidArgument } from '../../common/errors.js';
import type { ConfigValues } from '../../config/types.js';
import type { NotificationTarget, TargetEvent, TargetFactory } from '../target.js';
import { elasticsearchDocumentId } from './highwayhash.js';

/** The parsed `notify_elasticsearch` values a target runs with. */
export interface ElasticsearchSettings {
  url: string;
  index: string;
  format: 'namespace' | 'access';
  username: string;
  password: string;
}

/** Validates the sub-system's values with MinIO's messages. */
export function elasticsearchSettings(values: ConfigValues): ElasticsearchSettings {
  const get = (key: string): string => (values.get(key) ?? '').trim();
  const url = get('url');
  if (url === '') throw new InvalidArgument('empty URL');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidArgument(`invalid URL '${url}'`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InvalidArgument(`invalid URL '${url}': only http and https are supported`);
  }
  const format = get('format').toLowerCase() || 'namespace';
  if (format !== 'namespace' && format !== 'access') {
    throw new InvalidArgument('format value unrecognized');
  }
  const index = get('index');
  if (index === '') throw new InvalidArgument('empty index value');
  const username = values.get('username') ?? '';
  const password = values.get('password') ?? '';
  if ((username === '') !== (password === '')) {
    throw new InvalidArgument('username and password should be set in pairs');
  }
  return { url, index, format, username, password };
}

/** The event MinIO's namespace format removes the document for (other removals update it). */
const REMOVE_EVENT = 's3:ObjectRemoved:Delete';

class ElasticsearchTarget implements NotificationTarget {
  readonly service = 'elasticsearch' as const;
  private readonly client: Client;
  /** Set once the version was checked and the index exists; cleared never (the index stays). */
  private prepared: Promise<void> | undefined;

  constructor(
    readonly id: string,
    private readonly settings: ElasticsearchSettings,
  ) {
    this.client = new Client({
      node: settings.url,
      ...(settings.username !== ''
        ? { auth: { username: settings.username, password: settings.password } }
        : {}),
      // No retries of its own: the notification core retries a failed send later, in order.
      maxRetries: 0,
      requestTimeout: 10_000,
    });
  }

  async send(event: TargetEvent): Promise<void> {
    await this.prepare();
    const { index, format } = this.settings;
    const document = { Records: event.Records };
    if (format === 'access') {
      await this.client.index({ index, document });
    } else if (event.EventName === REMOVE_EVENT) {
      // Already gone is what a delete wants (a retried delete, or an object never indexed).
      await this.client.delete({ index, id: elasticsearchDocumentId(event.Key) }, { ignore: [404] });
    } else {
      await this.client.index({ index, id: elasticsearchDocumentId(event.Key), document });
    }
  }

  async isActive(): Promise<boolean> {
    try {
      return await this.client.ping({}, { requestTimeout: 2000 });
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** Checks the server version and creates the index if missing, once (retried after a failure). */
  private prepare(): Promise<void> {
    this.prepared ??= (async () => {
      const info = await this.client.info();
      const version = info.version.number;
      const major = Number.parseInt(version.split('.')[0] ?? '', 10);
      if (!(major >= 7)) {
        throw new Error(
          `Elasticsearch version '${version}' is not supported! Please use at least version 7.x.`,
        );
      }
      const { index } = this.settings;
      if (!(await this.client.indices.exists({ index }))) {
        try {
          await this.client.indices.create({ index });
        } catch (error) {
          // Created meanwhile by someone else: what we wanted.
          if (!isAlreadyExists(error)) throw error;
        }
      }
    })().catch((error: unknown) => {
      this.prepared = undefined;
      throw error;
    });
    return this.prepared;
  }
}

function isAlreadyExists(error: unknown): boolean {
  return (
    error instanceof errors.ResponseError &&
    JSON.stringify(error.body ?? '').includes('resource_already_exists_exception')
  );
}

/** `notify_elasticsearch` targets. */
export const elasticsearchTargetFactory: TargetFactory = {
  service: 'elasticsearch',
  create: (id, values) => new ElasticsearchTarget(id, elasticsearchSettings(values)),
};
