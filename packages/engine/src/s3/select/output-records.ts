/**
 * S3 Select's output serialisations. CSV: values joined by FieldDelimiter, records ended by
 * RecordDelimiter, quoted per QuoteFields (ASNEEDED: only values holding a delimiter, quote or
 * line break; ALWAYS) with the quote doubled or escaped by QuoteEscapeCharacter; NULL and MISSING
 * are empty. JSON: one object per record keyed by the output names (MISSING values left out),
 * ended by RecordDelimiter. Timestamps print in ISO 8601.
 */
import type { OutputRecord } from './sql-eval.js';
import { toText, type Value } from './sql-functions.js';

export interface CsvOutput {
  kind: 'CSV';
  quoteFields: 'ALWAYS' | 'ASNEEDED';
  fieldDelimiter: string;
  recordDelimiter: string;
  quoteCharacter: string;
  quoteEscapeCharacter: string;
}

export interface JsonOutput {
  kind: 'JSON';
  recordDelimiter: string;
}

export type OutputFormat = CsvOutput | JsonOutput;

function csvField(v: Value, o: CsvOutput): string {
  if (v === null || v === undefined)
    return o.quoteFields === 'ALWAYS' ? `${o.quoteCharacter}${o.quoteCharacter}` : '';
  const text = toText(v);
  const q = o.quoteCharacter;
  const needs =
    o.quoteFields === 'ALWAYS' ||
    (q !== '' &&
      (text.includes(o.fieldDelimiter) ||
        text.includes(q) ||
        text.includes('\n') ||
        text.includes('\r') ||
        text.includes(o.recordDelimiter)));
  if (!needs || q === '') return text;
  const escape = o.quoteEscapeCharacter === '' ? q : o.quoteEscapeCharacter;
  return `${q}${text.split(q).join(escape + q)}${q}`;
}

function jsonValue(v: Value): unknown {
  if (v instanceof Date) return v.toISOString();
  return v;
}

/** One record as the bytes of the chosen serialisation. */
export function formatRecord(rec: OutputRecord, o: OutputFormat): string {
  if (o.kind === 'CSV') return rec.map(([, v]) => csvField(v, o)).join(o.fieldDelimiter) + o.recordDelimiter;
  const obj: Record<string, unknown> = {};
  for (const [name, v] of rec) if (v !== undefined) obj[name] = jsonValue(v);
  return JSON.stringify(obj) + o.recordDelimiter;
}
