import { describe, expect, it } from 'vitest';
import { SelectBadTableName, SelectInvalidQuery, SelectParseFailure } from '../errors.js';
import { encodeMessage } from './event-stream.js';
import { Evaluator, type InputRecord } from './sql-eval.js';
import { SelectRuntimeError } from './sql-functions.js';
import { walk } from './input-records.js';
import { parseQuery } from './sql-parser.js';
import zlib from 'node:zlib';

/** A JSON record for the evaluator. */
function rec(value: Record<string, unknown>): InputRecord {
  return { get: (steps) => walk(value, steps), all: () => Object.entries(value) };
}

function run(sql: string, rows: Record<string, unknown>[]): unknown[][] {
  const ev = new Evaluator(parseQuery(sql));
  const out: unknown[][] = [];
  for (const row of rows) {
    const r = rec(row);
    if (!ev.matches(r)) continue;
    if (ev.isAggregation) ev.accumulate(r);
    else out.push(ev.project(r).map(([, v]) => v));
  }
  if (ev.isAggregation) out.push(ev.aggregateResult().map(([, v]) => v));
  return out;
}

const rows = [
  { a: '1', b: 'x', n: { m: [10, 20] } },
  { a: '2', b: 'y' },
  { a: '3', b: null },
];

describe('S3 Select SQL', () => {
  it('parses the documented shapes and strips the alias', () => {
    const q = parseQuery('SELECT s.a AS one, s."b" two FROM S3Object s WHERE s.a > 1 LIMIT 5;');
    expect(q.limit).toBe(5);
    expect(q.projections?.map((p) => p.alias)).toEqual(['one', 'two']);
    expect(parseQuery('SELECT COUNT(*) + 1, MAX(x) FROM S3Object').aggregates).toBe(2);
    expect(q.projections?.[0]?.expr).toEqual({
      k: 'path',
      steps: [{ t: 'field', name: 'a', quoted: false }],
    });
    expect(parseQuery('select * from s3object[*].x[*]').fromPath).toEqual([
      { t: 'field', name: 'x', quoted: false },
      { t: 'star' },
    ]);
  });

  it('refuses bad syntax, unknown tables and functions, mixed aggregates', () => {
    expect(() => parseQuery('SELECT FROM S3Object')).toThrow(SelectParseFailure);
    expect(() => parseQuery("SELECT 'open FROM S3Object")).toThrow(SelectParseFailure);
    expect(() => parseQuery('SELECT * FROM S3Object WHERE')).toThrow(SelectParseFailure);
    expect(() => parseQuery('SELECT nope(a) FROM S3Object')).toThrow(SelectParseFailure);
    expect(() => parseQuery('SELECT * FROM table1')).toThrow(SelectBadTableName);
    expect(() => parseQuery('SELECT a, COUNT(*) FROM S3Object')).toThrow(SelectInvalidQuery);
    expect(() => parseQuery('SELECT * FROM S3Object WHERE COUNT(*) > 1')).toThrow(SelectInvalidQuery);
  });

  it('evaluates comparisons with inferred numbers, three-valued logic, LIKE with ESCAPE', () => {
    expect(run('SELECT a FROM S3Object WHERE a >= 2', rows)).toEqual([['2'], ['3']]);
    expect(run("SELECT a FROM S3Object WHERE b <> 'x'", rows)).toEqual([['2']]);
    expect(run('SELECT a FROM S3Object WHERE NOT (b IS NULL)', rows)).toEqual([['1'], ['2']]);
    expect(run("SELECT a FROM S3Object WHERE b LIKE '_' OR a = 3", rows)).toEqual([['1'], ['2'], ['3']]);
    expect(run("SELECT a FROM S3Object WHERE '5%' LIKE '5!%' ESCAPE '!'", rows)).toHaveLength(3);
    expect(run('SELECT a FROM S3Object WHERE 10 IN n.m[*]', rows)).toEqual([['1']]);
    expect(run('SELECT n.m[1], a * 2 + 1, a || b FROM S3Object LIMIT 1', rows.slice(0, 1))).toEqual([
      [20, 3, '1x'],
    ]);
  });

  it('aggregates skip NULL and MISSING; functions', () => {
    expect(run('SELECT COUNT(*), COUNT(b), SUM(a), AVG(a), MIN(b), MAX(a) FROM S3Object', rows)).toEqual([
      [3, 2, 6, 2, 'x', 3],
    ]);
    expect(
      run(
        "SELECT LOWER('AB'), TRIM(LEADING 'x' FROM 'xxaxx'), SUBSTRING('hello', 2, 3), COALESCE(b, 'none'), NULLIF(a, '3') FROM S3Object",
        rows.slice(2),
      ),
    ).toEqual([['ab', 'axx', 'ell', 'none', null]]);
    expect(
      run(
        "SELECT EXTRACT(YEAR FROM TO_TIMESTAMP('2024-03-01T00:00:00Z')), DATE_DIFF(DAY, TO_TIMESTAMP('2024-03-01T00:00:00Z'), TO_TIMESTAMP('2024-03-03T00:00:00Z')) FROM S3Object",
        rows.slice(0, 1),
      ),
    ).toEqual([[2024, 2]]);
    expect(
      run(
        "SELECT TO_STRING(TO_TIMESTAMP('2024-03-05T14:07:09.123Z'), 'yyyy-MM-dd''T''HH:mm:ss.SSS a, MMMM d, h''''X') FROM S3Object",
        rows.slice(0, 1),
      ),
    ).toEqual([["2024-03-05T14:07:09.123 PM, March 5, 2'Z"]]);
    expect(() => run('SELECT CAST(b AS INT) FROM S3Object', rows)).toThrow(SelectRuntimeError);
  });
});

describe('event-stream framing', () => {
  it('lays out prelude, prelude CRC, headers, payload and message CRC', () => {
    const msg = encodeMessage({ ':event-type': 'Records' }, Buffer.from('abc'));
    const total = msg.readUInt32BE(0);
    const headersLength = msg.readUInt32BE(4);
    expect(total).toBe(msg.length);
    expect(msg.readUInt32BE(8)).toBe(zlib.crc32(msg.subarray(0, 8)) >>> 0);
    expect(msg.readUInt8(12)).toBe(':event-type'.length);
    expect(msg.subarray(12 + headersLength, total - 4).toString()).toBe('abc');
    expect(msg.readUInt32BE(total - 4)).toBe(zlib.crc32(msg.subarray(0, total - 4)) >>> 0);
  });
});
