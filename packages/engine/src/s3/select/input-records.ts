/**
 * S3 Select's input: the object's bytes (already decompressed) as records. CSV goes through
 * csv-parse with the request's delimiters, quote, escape and comment characters; `FileHeaderInfo`
 * USE names the columns from the first line (`_1`, `_2`, … always work), IGNORE skips it. JSON
 * (DOCUMENT or LINES) is split into its top-level values by a small scanner, so no value has to be
 * held beyond its own size, and each value is parsed with JSON.parse; `FROM S3Object[*].path`
 * walks into each value. Column names match exactly, or case-insensitively when not quoted.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { parse as parseCsv } from 'csv-parse';
import type { PathStep } from './sql-parser.js';
import type { InputRecord } from './sql-eval.js';
import { SelectRuntimeError, type Value } from './sql-functions.js';

export interface CsvInput {
  fileHeaderInfo: 'USE' | 'IGNORE' | 'NONE';
  fieldDelimiter: string;
  recordDelimiter: string;
  quoteCharacter: string;
  quoteEscapeCharacter: string;
  comments: string;
}

/** AWS's largest record (1 MiB); a JSON document value may be larger, up to this bound. */
export const MAX_RECORD_BYTES = 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

function findKey(keys: readonly string[], step: Extract<PathStep, { t: 'field' }>): number {
  const exact = keys.indexOf(step.name);
  if (exact >= 0 || step.quoted) return exact;
  const lower = step.name.toLowerCase();
  return keys.findIndex((k) => k.toLowerCase() === lower);
}

class CsvRecord implements InputRecord {
  constructor(
    private readonly fields: string[],
    private readonly names: string[] | undefined,
  ) {}
  get(steps: PathStep[]): Value {
    const head = steps[0];
    if (head?.t !== 'field' || steps.length > 1) return undefined;
    const positional = /^_(\d+)$/.exec(head.name);
    if (positional !== null) return this.fields[Number(positional[1]) - 1];
    if (this.names === undefined) return undefined;
    const i = findKey(this.names, head);
    return i < 0 ? undefined : this.fields[i];
  }
  all(): [string, Value][] {
    return this.fields.map((v, i) => [this.names?.[i] ?? `_${i + 1}`, v]);
  }
}

export async function* csvRecords(body: Readable, options: CsvInput): AsyncGenerator<InputRecord> {
  const parser = parseCsv({
    delimiter: options.fieldDelimiter,
    quote: options.quoteCharacter === '' ? false : options.quoteCharacter,
    escape:
      options.quoteEscapeCharacter === '' ? options.quoteCharacter || '"' : options.quoteEscapeCharacter,
    ...(options.recordDelimiter !== '\n' ? { record_delimiter: options.recordDelimiter } : {}),
    ...(options.comments !== '' ? { comment: options.comments, comment_no_infix: true } : {}),
    relax_column_count: true,
    skip_empty_lines: true,
    bom: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  body.on('error', (err) => parser.destroy(err));
  body.pipe(parser);
  let names: string[] | undefined;
  let first = true;
  try {
    for await (const row of parser as AsyncIterable<string[]>) {
      if (first) {
        first = false;
        if (options.fileHeaderInfo === 'USE') {
          names = row.map((n) => n.trim());
          continue;
        }
        if (options.fileHeaderInfo === 'IGNORE') continue;
      }
      yield new CsvRecord(row, names);
    }
  } catch (err) {
    if (err instanceof SelectRuntimeError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'CSV_MAX_RECORD_SIZE') {
      throw new SelectRuntimeError(
        'OverMaxRecordSize',
        `A CSV record is larger than ${MAX_RECORD_BYTES} bytes.`,
      );
    }
    if (code.startsWith('CSV_'))
      throw new SelectRuntimeError(
        'CSVParsingError',
        `The CSV input could not be parsed: ${(err as Error).message}`,
      );
    throw err;
  }
}

/** Walk `steps` into a JSON value; `[*]` maps the rest of the path over an array's elements. */
export function walk(value: Value, steps: readonly PathStep[]): Value {
  let v = value;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as PathStep;
    if (step.t === 'star') {
      const rest = steps.slice(i + 1);
      if (Array.isArray(v)) return v.map((x) => walk(x, rest));
      if (v !== null && typeof v === 'object') return Object.values(v).map((x) => walk(x, rest));
      return undefined;
    }
    if (step.t === 'index') {
      v = Array.isArray(v) ? v[step.i] : undefined;
      continue;
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const obj = v as Record<string, Value>;
    const keys = Object.keys(obj);
    const at = findKey(keys, step);
    v = at < 0 ? undefined : obj[keys[at] as string];
  }
  return v;
}

class JsonRecord implements InputRecord {
  constructor(private readonly value: Value) {}
  get(steps: PathStep[]): Value {
    return walk(this.value, steps);
  }
  all(): [string, Value][] {
    const v = this.value;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return Object.entries(v);
    return [['_1', v]];
  }
}

/** Top-level JSON values of a stream (objects or arrays), whitespace or newlines between them. */
async function* jsonValues(body: Readable, maxBytes: number): AsyncGenerator<Value> {
  const decoder = new StringDecoder('utf8');
  let buf = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = -1;
  let scan = 0;
  const parseValue = (text: string): Value => {
    try {
      return JSON.parse(text) as Value;
    } catch (err) {
      throw new SelectRuntimeError(
        'JSONParsingError',
        `The JSON input could not be parsed: ${(err as Error).message}`,
      );
    }
  };
  for await (const chunk of body as AsyncIterable<Buffer>) {
    buf += decoder.write(chunk);
    for (; scan < buf.length; scan++) {
      const c = buf[scan];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') {
        if (depth === 0)
          throw new SelectRuntimeError(
            'JSONParsingError',
            'Top-level JSON values must be objects or arrays.',
          );
        inString = true;
      } else if (c === '{' || c === '[') {
        if (depth === 0) start = scan;
        depth++;
      } else if (c === '}' || c === ']') {
        depth--;
        if (depth < 0) throw new SelectRuntimeError('JSONParsingError', 'Unbalanced JSON input.');
        if (depth === 0) {
          yield parseValue(buf.slice(start, scan + 1));
          buf = buf.slice(scan + 1);
          scan = -1;
          start = -1;
        }
      } else if (depth === 0 && c !== undefined && !/\s/.test(c)) {
        throw new SelectRuntimeError('JSONParsingError', 'Top-level JSON values must be objects or arrays.');
      }
    }
    if (depth === 0) {
      buf = '';
      scan = 0;
    } else if (buf.length > maxBytes) {
      throw new SelectRuntimeError('OverMaxRecordSize', `A JSON record is larger than ${maxBytes} bytes.`);
    }
  }
  buf += decoder.end();
  if (depth !== 0 || buf.trim() !== '')
    throw new SelectRuntimeError('JSONParsingError', 'The JSON input ends inside a value.');
}

export async function* jsonRecords(
  body: Readable,
  type: 'DOCUMENT' | 'LINES',
  fromPath: readonly PathStep[],
): AsyncGenerator<InputRecord> {
  for await (const value of jsonValues(body, type === 'LINES' ? MAX_RECORD_BYTES : MAX_DOCUMENT_BYTES)) {
    if (fromPath.length === 0) {
      yield new JsonRecord(value);
      continue;
    }
    const picked = walk(value, fromPath);
    // A path through [*] gives the records of the array; a plain path gives one record.
    if (fromPath.some((s) => s.t === 'star') && Array.isArray(picked)) {
      for (const item of picked.flat(fromPath.filter((s) => s.t === 'star').length - 1))
        yield new JsonRecord(item);
    } else if (picked !== undefined) {
      yield new JsonRecord(picked);
    }
  }
}
