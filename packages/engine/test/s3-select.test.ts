/**
 * S3 Select against an engine process with minio-js `selectObjectContent` (which checks every
 * event-stream CRC) and the AWS SDK v3 `SelectObjectContentCommand` (which decodes the stream
 * itself: Records, Progress, Stats, End): CSV (with and without a header, GZIP) and JSON
 * (LINES and DOCUMENT) input, CSV and JSON output, projections, WHERE, LIMIT, the aggregates,
 * string and CAST functions, and errors before the stream (400 ParseSelectFailure, BadTableName,
 * InvalidExpressionType, 501 NotImplemented for Parquet and BZIP2 input) and inside it (CastFailed).
 */
import { gzipSync } from 'node:zlib';
import {
  SelectObjectContentCommand,
  type S3Client,
  type SelectObjectContentCommandInput,
} from '@aws-sdk/client-s3';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketName } from './helpers/clients.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { minioClient } from './helpers/minio-client.js';
import { sdkClient } from './helpers/sdk-client.js';

let engine: EngineProcess;
let mc: Client;
let s3: S3Client;
const bucket = bucketName('select');

const PEOPLE = [
  'name,age,city',
  'Alice,34,Berlin',
  'Bob,27,Bonn',
  '"Carol, Jr.",45,Hamburg',
  'Dave,19,Bremen',
  'Eve,31,"New ""York"""',
].join('\n');

const LINES = [
  { id: 1, title: 'first', tags: ['a', 'b'], nested: { level: 1 } },
  { id: 2, title: 'second', tags: ['c'], nested: { level: 2 } },
  { id: 3, title: 'third', tags: [], nested: { level: 3 }, extra: null },
]
  .map((o) => JSON.stringify(o))
  .join('\n');

const DOCUMENT = JSON.stringify({
  shop: 'coffer',
  items: [
    { sku: 'x1', price: 5, name: 'pen' },
    { sku: 'x2', price: 12.5, name: 'book' },
    { sku: 'x3', price: 40, name: 'lamp' },
  ],
});

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  mc = minioClient(engine);
  s3 = sdkClient(engine.url, engine);
  await mc.makeBucket(bucket, 'us-east-1');
  await mc.putObject(bucket, 'people.csv', Buffer.from(PEOPLE));
  await mc.putObject(bucket, 'people.csv.gz', gzipSync(Buffer.from(PEOPLE)));
  await mc.putObject(bucket, 'lines.json', Buffer.from(LINES));
  await mc.putObject(bucket, 'doc.json', Buffer.from(DOCUMENT));
});

afterAll(async () => {
  await engine?.destroy();
});

const csvIn = (header: 'USE' | 'NONE' | 'IGNORE', compression: 'NONE' | 'GZIP' = 'NONE') => ({
  CSV: { FileHeaderInfo: header, RecordDelimiter: '\n', FieldDelimiter: ',' },
  CompressionType: compression,
});
const csvOut = { CSV: { RecordDelimiter: '\n', FieldDelimiter: ',' } };
const jsonOut = { JSON: { RecordDelimiter: '\n' } };

async function select(
  key: string,
  expression: string,
  inputSerialization: object,
  outputSerialization: object = csvOut,
): Promise<{ records: string; stats: string }> {
  const res = await mc.selectObjectContent(bucket, key, {
    expression,
    expressionType: 'SQL',
    inputSerialization,
    outputSerialization,
    requestProgress: { Enabled: false },
  });
  expect(res).toBeDefined();
  const records = res?.getRecords() as Buffer | undefined;
  return { records: records?.toString() ?? '', stats: String(res?.getStats() ?? '') };
}

describe('minio-js selectObjectContent on CSV', () => {
  it('projection with WHERE and CAST over a header row; quoted fields survive', async () => {
    const r = await select(
      'people.csv',
      'SELECT s.name, s.city FROM S3Object s WHERE CAST(s.age AS INT) > 30',
      csvIn('USE'),
    );
    expect(r.records).toBe('Alice,Berlin\n"Carol, Jr.",Hamburg\nEve,"New ""York"""\n');
    expect(r.stats).toContain(`<BytesScanned>${Buffer.byteLength(PEOPLE)}</BytesScanned>`);
    expect(r.stats).toContain(`<BytesReturned>${Buffer.byteLength(r.records)}</BytesReturned>`);
  });

  it('SELECT * with positional columns, no header, LIMIT', async () => {
    const r = await select('people.csv', 'SELECT * FROM S3Object LIMIT 2', csvIn('NONE'));
    expect(r.records).toBe('name,age,city\nAlice,34,Berlin\n');
    const second = await select('people.csv', 'select _1, _3 from s3object where _2 < 30', csvIn('IGNORE'));
    expect(second.records).toBe('Bob,Bonn\nDave,Bremen\n');
  });

  it('aggregates: COUNT(*), SUM, AVG, MIN, MAX in one record', async () => {
    const r = await select(
      'people.csv',
      'SELECT COUNT(*), SUM(CAST(age AS INT)), AVG(CAST(age AS INT)), MIN(age), MAX(age) FROM S3Object',
      csvIn('USE'),
    );
    expect(r.records).toBe('5,156,31.2,19,45\n');
    const filtered = await select(
      'people.csv',
      "SELECT COUNT(*) FROM S3Object s WHERE s.city LIKE 'B%'",
      csvIn('USE'),
    );
    expect(filtered.records).toBe('3\n');
  });

  it('LIKE, BETWEEN, IN, string functions, JSON output with aliases', async () => {
    const r = await select(
      'people.csv.gz',
      "SELECT UPPER(s.name) AS who, CHAR_LENGTH(s.city) AS len, SUBSTRING(s.city FROM 1 FOR 3) AS pre FROM S3Object s WHERE s.age BETWEEN 20 AND 40 AND s.city IN ('Berlin', 'Bonn')",
      csvIn('USE', 'GZIP'),
      jsonOut,
    );
    expect(
      r.records
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      { who: 'ALICE', len: 6, pre: 'Ber' },
      { who: 'BOB', len: 4, pre: 'Bon' },
    ]);
  });
});

describe('minio-js selectObjectContent with a ScanRange', () => {
  it('processes the records that start in the range, whole', async () => {
    const bob = PEOPLE.indexOf('Bob');
    const res = await mc.selectObjectContent(bucket, 'people.csv', {
      expression: 'SELECT _1, _3 FROM S3Object',
      inputSerialization: csvIn('NONE'),
      outputSerialization: csvOut,
      // Starts inside Alice's line, ends inside Bob's: only Bob's record starts in it.
      scanRange: { Start: bob - 3, End: bob + 1 },
    });
    expect((res?.getRecords() as Buffer | undefined)?.toString()).toBe('Bob,Bonn\n');
    const lines = await mc.selectObjectContent(bucket, 'lines.json', {
      expression: 'SELECT s.id FROM S3Object s',
      inputSerialization: { JSON: { Type: 'LINES' } },
      outputSerialization: csvOut,
      scanRange: { Start: 1, End: LINES.length - 1 },
    });
    expect((lines?.getRecords() as Buffer | undefined)?.toString()).toBe('2\n3\n');
  });
});

describe('minio-js selectObjectContent on JSON', () => {
  it('LINES: nested paths, array index, IS NULL / IS MISSING', async () => {
    const r = await select(
      'lines.json',
      'SELECT s.id, s.tags[0] AS first, s.nested.level AS level FROM S3Object s WHERE s.nested.level >= 2',
      { JSON: { Type: 'LINES' }, CompressionType: 'NONE' },
      jsonOut,
    );
    expect(r.records).toBe('{"id":2,"first":"c","level":2}\n{"id":3,"level":3}\n');
    const missing = await select(
      'lines.json',
      'SELECT s.id FROM S3Object s WHERE s.extra IS MISSING',
      { JSON: { Type: 'LINES' } },
      csvOut,
    );
    expect(missing.records).toBe('1\n2\n');
    const isNull = await select('lines.json', 'SELECT s.id FROM S3Object s WHERE s.extra IS NULL', {
      JSON: { Type: 'LINES' },
    });
    expect(isNull.records).toBe('1\n2\n3\n');
  });

  it('DOCUMENT: FROM S3Object[*].items with WHERE and aggregates', async () => {
    const r = await select(
      'doc.json',
      'SELECT s.name, s.price FROM S3Object[*].items[*] s WHERE s.price > 10',
      { JSON: { Type: 'DOCUMENT' } },
      jsonOut,
    );
    expect(r.records).toBe('{"name":"book","price":12.5}\n{"name":"lamp","price":40}\n');
    const sum = await select(
      'doc.json',
      'SELECT SUM(s.price) AS total, COUNT(*) AS n FROM S3Object[*].items[*] s',
      {
        JSON: { Type: 'DOCUMENT' },
      },
      jsonOut,
    );
    expect(sum.records).toBe('{"total":57.5,"n":3}\n');
  });
});

describe('errors', () => {
  it('a syntax error, an unknown table, a non-SQL expression type → 400 before the stream', async () => {
    await expect(select('people.csv', 'SELECT FROM S3Object', csvIn('USE'))).rejects.toMatchObject({
      code: 'ParseSelectFailure',
    });
    await expect(select('people.csv', 'SELECT * FROM elsewhere', csvIn('USE'))).rejects.toMatchObject({
      code: 'BadTableName',
    });
    await expect(
      mc.selectObjectContent(bucket, 'people.csv', {
        expression: 'SELECT * FROM S3Object',
        expressionType: 'XPATH',
        inputSerialization: csvIn('USE'),
        outputSerialization: csvOut,
      }),
    ).rejects.toMatchObject({ code: 'InvalidExpressionType' });
    await expect(select('absent.csv', 'SELECT * FROM S3Object', csvIn('USE'))).rejects.toMatchObject({
      code: 'NoSuchKey',
    });
  });

  it('an object that is not GZIP, read as GZIP → InvalidCompressionFormat in the stream', async () => {
    await expect(select('people.csv', 'SELECT * FROM S3Object', csvIn('USE', 'GZIP'))).rejects.toThrow(
      /InvalidCompressionFormat/,
    );
  });

  it('a failing CAST arrives as an event-stream error (CastFailed)', async () => {
    await expect(
      select('people.csv', 'SELECT CAST(s.name AS INT) FROM S3Object s', csvIn('USE')),
    ).rejects.toThrow(/CastFailed/);
  });
});

describe('AWS SDK v3 SelectObjectContentCommand', () => {
  it('decodes Records, Progress, Stats and End events', async () => {
    const out = await s3.send(
      new SelectObjectContentCommand({
        Bucket: bucket,
        Key: 'people.csv',
        Expression: "SELECT s.name FROM S3Object s WHERE s.city = 'Bonn' OR s.name LIKE '%ve'",
        ExpressionType: 'SQL',
        InputSerialization: { CSV: { FileHeaderInfo: 'USE' } },
        OutputSerialization: { JSON: {} },
        RequestProgress: { Enabled: true },
      }),
    );
    let records = '';
    const kinds: string[] = [];
    let returned: number | undefined;
    for await (const event of out.Payload ?? []) {
      if (event.Records?.Payload !== undefined) records += Buffer.from(event.Records.Payload).toString();
      if (event.Stats !== undefined) returned = event.Stats.Details?.BytesReturned;
      kinds.push(Object.entries(event).find(([, v]) => v !== undefined)?.[0] ?? '?');
    }
    expect(records).toBe('{"name":"Bob"}\n{"name":"Dave"}\n{"name":"Eve"}\n');
    expect(kinds).toEqual(['Records', 'Progress', 'Stats', 'End']);
    expect(returned).toBe(Buffer.byteLength(records));
  });

  it('Parquet and BZIP2 input → 501 NotImplemented before the stream, as docs/compatibility.md says', async () => {
    const send = (input: SelectObjectContentCommandInput['InputSerialization']) =>
      s3.send(
        new SelectObjectContentCommand({
          Bucket: bucket,
          Key: 'people.csv',
          Expression: 'SELECT * FROM S3Object',
          ExpressionType: 'SQL',
          InputSerialization: input,
          OutputSerialization: { CSV: {} },
        }),
      );
    const refused = (code: string, status: number) => ({ name: code, $metadata: { httpStatusCode: status } });
    await expect(send({ Parquet: {} })).rejects.toMatchObject(refused('NotImplemented', 501));
    await expect(send({ CSV: {}, CompressionType: 'BZIP2' })).rejects.toMatchObject(
      refused('NotImplemented', 501),
    );
    await expect(send({ CSV: {}, CompressionType: 'LZMA' as 'GZIP' })).rejects.toMatchObject(
      refused('InvalidArgument', 400),
    );
  });

  it('a result over 1 MiB comes in several Records events, every row once', async () => {
    const rows = 40_000;
    const lines = Array.from({ length: rows }, (_, i) => `${i},${'v'.repeat(40)}${i}`);
    await mc.putObject(bucket, 'big.csv', Buffer.from(lines.join('\n')));
    const out = await s3.send(
      new SelectObjectContentCommand({
        Bucket: bucket,
        Key: 'big.csv',
        Expression: 'SELECT _1, _2 FROM S3Object',
        ExpressionType: 'SQL',
        InputSerialization: { CSV: { FileHeaderInfo: 'NONE' } },
        OutputSerialization: { CSV: {} },
      }),
    );
    let text = '';
    let messages = 0;
    for await (const event of out.Payload ?? []) {
      if (event.Records?.Payload === undefined) continue;
      messages++;
      text += Buffer.from(event.Records.Payload).toString();
    }
    expect(messages).toBeGreaterThan(1);
    expect(text).toBe(lines.join('\n') + '\n');
  });
});
