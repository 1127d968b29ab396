/**
 * Evaluates a parsed S3 Select query record by record: the WHERE filter (SQL's three-valued logic:
 * only TRUE keeps a record), the projections, and the aggregates (COUNT, SUM, AVG, MIN, MAX),
 * which accumulate over the kept records and give one output record at the end.
 */
import type { Expr, PathStep, Query } from './sql-parser.js';
import {
  SelectRuntimeError,
  asNumber,
  callFunction,
  cast,
  compare,
  isAbsent,
  toNumber,
  toText,
  type Value,
} from './sql-functions.js';

/** One input record: a path lookup (CSV columns or JSON paths) and its `SELECT *` form. */
export interface InputRecord {
  get(steps: PathStep[]): Value;
  /** Column names and values for `SELECT *`. */
  all(): [string, Value][];
}

/** An output record: names and values in order (names key the JSON output). */
export type OutputRecord = [string, Value][];

interface AggState {
  count: number;
  sum: number;
  best: Value;
}

const likeCache = new Map<string, RegExp>();

function likeRegExp(pattern: string, escape: string | undefined): RegExp {
  const key = `${escape ?? ''}\0${pattern}`;
  const hit = likeCache.get(key);
  if (hit !== undefined) return hit;
  let src = '';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (escape !== undefined && c === escape) {
      const n = chars[++i];
      if (n === undefined)
        throw new SelectRuntimeError('LikeInvalidInputs', 'The LIKE pattern ends with its escape character.');
      src += n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (c === '%') src += '.*';
    else if (c === '_') src += '.';
    else src += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const re = new RegExp(`^${src}$`, 's');
  if (likeCache.size > 256) likeCache.clear();
  likeCache.set(key, re);
  return re;
}

function and(a: Value, b: Value): Value {
  if (a === false || b === false) return false;
  if (a === true && b === true) return true;
  return null;
}

function or(a: Value, b: Value): Value {
  if (a === true || b === true) return true;
  if (a === false && b === false) return false;
  return null;
}

function truth(v: Value): boolean | null {
  if (typeof v === 'boolean') return v;
  if (isAbsent(v)) return null;
  const s = toText(v).trim().toLowerCase();
  if (s === 'true') return true;
  if (s === 'false') return false;
  throw new SelectRuntimeError('InvalidDataType', `Expected a boolean, got '${toText(v).slice(0, 40)}'.`);
}

function arithmetic(op: string, a: Value, b: Value): Value {
  if (isAbsent(a) || isAbsent(b)) return null;
  const x = toNumber(a, op);
  const y = toNumber(b, op);
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      if (y === 0) throw new SelectRuntimeError('DivisionByZero', 'Division by zero.');
      return Number.isInteger(x) && Number.isInteger(y) ? Math.trunc(x / y) : x / y;
    default:
      if (y === 0) throw new SelectRuntimeError('DivisionByZero', 'Division by zero.');
      return x % y;
  }
}

export class Evaluator {
  private readonly aggs: AggState[];
  private readonly aggNodes: Extract<Expr, { k: 'agg' }>[] = [];

  constructor(private readonly query: Query) {
    this.aggs = Array.from({ length: query.aggregates }, () => ({ count: 0, sum: 0, best: undefined }));
    const collect = (e: Expr): void => {
      if (e.k === 'agg') this.aggNodes.push(e);
      else if (e.k === 'neg' || e.k === 'not' || e.k === 'cast') collect(e.e);
      else if (e.k === 'bin') {
        collect(e.l);
        collect(e.r);
      } else if (e.k === 'call') e.args.forEach(collect);
    };
    for (const p of query.projections ?? []) collect(p.expr);
  }

  get isAggregation(): boolean {
    return this.query.aggregates > 0;
  }

  /** Does the record pass WHERE? */
  matches(rec: InputRecord): boolean {
    return this.query.where === undefined || truth(this.eval(this.query.where, rec)) === true;
  }

  /** The output record of a kept record (not for aggregations). */
  project(rec: InputRecord): OutputRecord {
    const projections = this.query.projections;
    if (projections === undefined) return rec.all();
    return projections.map((p, i) => [p.alias ?? nameOf(p.expr, i), this.eval(p.expr, rec)]);
  }

  /** Feed a kept record to the aggregates. */
  accumulate(rec: InputRecord): void {
    for (const node of this.aggNodes) {
      const state = this.aggs[node.slot] as AggState;
      if (node.arg === '*') {
        state.count++;
        continue;
      }
      const v = this.eval(node.arg, rec);
      if (isAbsent(v)) continue;
      state.count++;
      if (node.name === 'SUM' || node.name === 'AVG') state.sum += toNumber(v, node.name);
      else if (node.name === 'MIN' || node.name === 'MAX') {
        const c = state.best === undefined ? undefined : compare(v, state.best);
        const value = asNumber(v) ?? v;
        if (state.best === undefined || (c !== undefined && (node.name === 'MIN' ? c < 0 : c > 0)))
          state.best = value;
      }
    }
  }

  /** The one record of an aggregation. */
  aggregateResult(): OutputRecord {
    const empty: InputRecord = { get: () => undefined, all: () => [] };
    return (this.query.projections ?? []).map((p, i) => [p.alias ?? `_${i + 1}`, this.eval(p.expr, empty)]);
  }

  private aggValue(node: Extract<Expr, { k: 'agg' }>): Value {
    const s = this.aggs[node.slot] as AggState;
    switch (node.name) {
      case 'COUNT':
        return s.count;
      case 'SUM':
        return s.count === 0 ? null : s.sum;
      case 'AVG':
        return s.count === 0 ? null : s.sum / s.count;
      default:
        return s.best === undefined ? null : s.best;
    }
  }

  eval(e: Expr, rec: InputRecord): Value {
    switch (e.k) {
      case 'lit':
        return e.v;
      case 'path':
        return rec.get(e.steps);
      case 'agg':
        return this.aggValue(e);
      case 'neg': {
        const v = this.eval(e.e, rec);
        return isAbsent(v) ? null : -toNumber(v, '-');
      }
      case 'not': {
        const v = truth(this.eval(e.e, rec));
        return v === null ? null : !v;
      }
      case 'cast':
        return cast(this.eval(e.e, rec), e.type);
      case 'call':
        return callFunction(
          e.name,
          e.args.map((a) => this.eval(a, rec)),
        );
      case 'is': {
        const v = this.eval(e.e, rec);
        const r =
          e.what === 'MISSING'
            ? v === undefined
            : e.what === 'NULL'
              ? isAbsent(v)
              : truth(v) === (e.what === 'TRUE');
        return e.not ? !r : r;
      }
      case 'like': {
        const v = this.eval(e.e, rec);
        const p = this.eval(e.pattern, rec);
        const esc = e.escape === undefined ? undefined : this.eval(e.escape, rec);
        if (isAbsent(v) || isAbsent(p) || (e.escape !== undefined && isAbsent(esc))) return null;
        if (esc !== undefined && [...toText(esc)].length !== 1) {
          throw new SelectRuntimeError('LikeInvalidInputs', 'The LIKE escape must be one character.');
        }
        const r = likeRegExp(toText(p), esc === undefined ? undefined : toText(esc)).test(toText(v));
        return e.not ? !r : r;
      }
      case 'between': {
        const v = this.eval(e.e, rec);
        const lo = compare(v, this.eval(e.lo, rec));
        const hi = compare(v, this.eval(e.hi, rec));
        if (lo === undefined || hi === undefined) return null;
        const r = lo >= 0 && hi <= 0;
        return e.not ? !r : r;
      }
      case 'in': {
        const v = this.eval(e.e, rec);
        const list = Array.isArray(e.list) ? e.list.map((x) => this.eval(x, rec)) : this.eval(e.list, rec);
        if (isAbsent(v) || !Array.isArray(list)) return null;
        const r = list.some((x) => compare(v, x) === 0);
        return e.not ? !r : r;
      }
      case 'bin': {
        if (e.op === 'AND') return and(truth(this.eval(e.l, rec)), truth(this.eval(e.r, rec)));
        if (e.op === 'OR') return or(truth(this.eval(e.l, rec)), truth(this.eval(e.r, rec)));
        const l = this.eval(e.l, rec);
        const r = this.eval(e.r, rec);
        if (e.op === '||') return isAbsent(l) || isAbsent(r) ? null : toText(l) + toText(r);
        if (['+', '-', '*', '/', '%'].includes(e.op)) return arithmetic(e.op, l, r);
        const c = compare(l, r);
        if (c === undefined) return isAbsent(l) || isAbsent(r) ? null : e.op === '!=';
        switch (e.op) {
          case '=':
            return c === 0;
          case '!=':
            return c !== 0;
          case '<':
            return c < 0;
          case '<=':
            return c <= 0;
          case '>':
            return c > 0;
          default:
            return c >= 0;
        }
      }
    }
  }
}

/** A projection's output name: the last field of a path, else `_N` by position. */
function nameOf(e: Expr, i: number): string {
  if (e.k === 'path') {
    const last = [...e.steps].reverse().find((s): s is Extract<PathStep, { t: 'field' }> => s.t === 'field');
    if (last !== undefined) return last.name;
  }
  return `_${i + 1}`;
}
