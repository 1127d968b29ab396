/**
 * The `SelectObjectContentRequest` document: Expression (SQL), InputSerialization
 * (CompressionType NONE/GZIP, CSV or JSON with their options), OutputSerialization (CSV or JSON),
 * RequestProgress, ScanRange (uncompressed CSV and JSON Lines). Defaults are AWS's: CSV
 * `FileHeaderInfo` NONE, `,` and `\n`, `"` quoting, JSON output ended by `\n`. What MinIO supports
 * and this engine does not (Parquet, BZIP2) is refused with NotImplemented rather than answered
 * wrongly.
 */
import { MalformedXML, NotImplemented, InvalidArgument } from '../../common/errors.js';
import { parseXml } from '../../http/xml.js';
import { InvalidExpressionType } from '../errors.js';
import type { CsvInput } from './input-records.js';
import type { OutputFormat } from './output-records.js';
import type { ScanRange } from './scan-range.js';

export interface SelectRequest {
  expression: string;
  compression: 'NONE' | 'GZIP';
  input: { kind: 'CSV'; csv: CsvInput } | { kind: 'JSON'; type: 'DOCUMENT' | 'LINES' };
  output: OutputFormat;
  progress: boolean;
  scanRange?: ScanRange;
}

type Node = Record<string, unknown>;

function isNode(v: unknown): v is Node {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function text(node: Node | undefined, name: string): string | undefined {
  const v = node?.[name];
  return typeof v === 'string' ? v : undefined;
}

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
  what: string,
): T {
  if (value === undefined || value === '') return fallback;
  const upper = value.trim().toUpperCase() as T;
  if (!allowed.includes(upper)) throw new InvalidArgument(`${what} must be one of ${allowed.join(', ')}.`);
  return upper;
}

/** A one-character option (delimiters may be longer for records; fields take one character). */
function char(value: string | undefined, fallback: string, what: string, maxLength = 1): string {
  if (value === undefined) return fallback;
  if ([...value].length > maxLength)
    throw new InvalidArgument(`${what} must be at most ${maxLength} character(s).`);
  return value;
}

/** Delimiters and quoting shared by CSV input and output. */
function csvCharacters(csv: Node): {
  fieldDelimiter: string;
  recordDelimiter: string;
  quoteCharacter: string;
  quoteEscapeCharacter: string;
} {
  const quote = char(text(csv, 'QuoteCharacter'), '"', 'QuoteCharacter');
  return {
    fieldDelimiter: char(text(csv, 'FieldDelimiter'), ',', 'FieldDelimiter') || ',',
    recordDelimiter: char(text(csv, 'RecordDelimiter'), '\n', 'RecordDelimiter', 2) || '\n',
    quoteCharacter: quote,
    quoteEscapeCharacter: char(text(csv, 'QuoteEscapeCharacter'), quote, 'QuoteEscapeCharacter'),
  };
}

export function parseSelectRequest(xml: string): SelectRequest {
  let doc: Node;
  try {
    doc = parseXml(xml) as Node;
  } catch {
    throw new MalformedXML();
  }
  const root = doc['SelectObjectContentRequest'];
  if (!isNode(root)) throw new MalformedXML();
  const expression = text(root, 'Expression');
  if (expression === undefined || expression.trim() === '')
    throw new InvalidArgument('The Expression is required.');
  const type = text(root, 'ExpressionType');
  if (type !== undefined && type.trim().toUpperCase() !== 'SQL') throw new InvalidExpressionType();

  const input = root['InputSerialization'];
  const output = root['OutputSerialization'];
  if (!isNode(input) || !isNode(output)) throw new MalformedXML();
  const compression = text(input, 'CompressionType')?.trim().toUpperCase() ?? 'NONE';
  if (compression === 'BZIP2')
    throw new NotImplemented('BZIP2 input is not supported by this server; use GZIP or NONE.');
  if (compression !== 'NONE' && compression !== 'GZIP' && compression !== '') {
    throw new InvalidArgument('CompressionType must be NONE, GZIP or BZIP2.');
  }

  let parsedInput: SelectRequest['input'];
  if (input['Parquet'] !== undefined)
    throw new NotImplemented('Parquet input is not supported by this server.');
  if (input['CSV'] !== undefined) {
    const csv = isNode(input['CSV']) ? input['CSV'] : {};
    parsedInput = {
      kind: 'CSV',
      csv: {
        fileHeaderInfo: oneOf(
          text(csv, 'FileHeaderInfo'),
          ['USE', 'IGNORE', 'NONE'] as const,
          'NONE',
          'FileHeaderInfo',
        ),
        ...csvCharacters(csv),
        comments: char(text(csv, 'Comments'), '', 'Comments'),
      },
    };
  } else if (input['JSON'] !== undefined) {
    const json = isNode(input['JSON']) ? input['JSON'] : {};
    parsedInput = {
      kind: 'JSON',
      type: oneOf(text(json, 'Type'), ['DOCUMENT', 'LINES'] as const, 'DOCUMENT', 'JSON Type'),
    };
  } else {
    throw new InvalidArgument('InputSerialization must name CSV or JSON.');
  }

  let parsedOutput: OutputFormat;
  if (output['CSV'] !== undefined) {
    const csv = isNode(output['CSV']) ? output['CSV'] : {};
    parsedOutput = {
      kind: 'CSV',
      quoteFields: oneOf(
        text(csv, 'QuoteFields'),
        ['ALWAYS', 'ASNEEDED'] as const,
        'ASNEEDED',
        'QuoteFields',
      ),
      ...csvCharacters(csv),
    };
  } else if (output['JSON'] !== undefined) {
    const json = isNode(output['JSON']) ? output['JSON'] : {};
    parsedOutput = {
      kind: 'JSON',
      recordDelimiter: char(text(json, 'RecordDelimiter'), '\n', 'RecordDelimiter', 2) || '\n',
    };
  } else {
    throw new InvalidArgument('OutputSerialization must name CSV or JSON.');
  }
  const scanRange = parseScanRange(root['ScanRange']);
  if (
    scanRange !== undefined &&
    (compression === 'GZIP' || (parsedInput.kind === 'JSON' && parsedInput.type !== 'LINES'))
  ) {
    throw new InvalidArgument('ScanRange is supported for uncompressed CSV and JSON Lines input only.');
  }
  const progress =
    isNode(root['RequestProgress']) &&
    text(root['RequestProgress'], 'Enabled')?.trim().toUpperCase() === 'TRUE';
  return {
    expression,
    compression: compression === 'GZIP' ? 'GZIP' : 'NONE',
    input: parsedInput,
    output: parsedOutput,
    progress,
    ...(scanRange !== undefined ? { scanRange } : {}),
  };
}

function parseScanRange(node: unknown): ScanRange | undefined {
  if (node === undefined) return undefined;
  const range: ScanRange = {};
  for (const [name, field] of [
    ['Start', 'start'],
    ['End', 'end'],
  ] as const) {
    const value = isNode(node) ? text(node, name)?.trim() : undefined;
    if (value === undefined || value === '') continue;
    if (!/^\d{1,15}$/.test(value))
      throw new InvalidArgument(`ScanRange ${name} must be a non-negative integer.`);
    range[field] = Number(value);
  }
  if (range.start !== undefined && range.end !== undefined && range.start > range.end) {
    throw new InvalidArgument('ScanRange Start must not be past End.');
  }
  return range;
}
