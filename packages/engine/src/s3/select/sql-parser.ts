/**
 * A recursive-descent parser for S3 Select's SQL as MinIO documents it:
 * `SELECT * | expr [AS name], … FROM S3Object[path] [[AS] alias] [WHERE cond] [LIMIT n]`.
 * Expressions: literals (numbers, 'strings', TRUE/FALSE/NULL/MISSING), paths (`s._1`, `s.name`,
 * `s."Quoted Name"`, `s.a.b[0]`, `s.list[*]`), arithmetic (+ - * / %), `||`, comparisons
 * (= != <> < <= > >=), AND/OR/NOT, [NOT] LIKE … [ESCAPE …], [NOT] BETWEEN, [NOT] IN (list or
 * array path), IS [NOT] NULL/MISSING/TRUE/FALSE, CAST(e AS type), the aggregates COUNT(*)/COUNT,
 * SUM, AVG, MIN, MAX, and the scalar functions of `sql-functions.ts` (SUBSTRING's `FROM … FOR …`,
 * TRIM's `LEADING|TRAILING|BOTH … FROM …`, EXTRACT's `part FROM ts` forms included). Why not a
 * library: see docs/decisions/0019-s3-select-sql.md.
 */
import { SelectBadTableName, SelectInvalidQuery } from '../errors.js';
import { parseFailure, tokenize, type Token } from './sql-lexer.js';
import { SCALAR_FUNCTIONS } from './sql-functions.js';

export type PathStep =
  { t: 'field'; name: string; quoted: boolean } | { t: 'index'; i: number } | { t: 'star' };

export type Expr =
  | { k: 'lit'; v: unknown }
  | { k: 'path'; steps: PathStep[] }
  | { k: 'neg'; e: Expr }
  | { k: 'not'; e: Expr }
  | { k: 'bin'; op: string; l: Expr; r: Expr }
  | { k: 'like'; e: Expr; pattern: Expr; escape?: Expr; not: boolean }
  | { k: 'between'; e: Expr; lo: Expr; hi: Expr; not: boolean }
  | { k: 'in'; e: Expr; list: Expr[] | Expr; not: boolean }
  | { k: 'is'; e: Expr; what: 'NULL' | 'MISSING' | 'TRUE' | 'FALSE'; not: boolean }
  | { k: 'cast'; e: Expr; type: string }
  | { k: 'call'; name: string; args: Expr[] }
  | { k: 'agg'; name: string; arg: Expr | '*'; slot: number };

export interface Projection {
  expr: Expr;
  alias?: string;
}

export interface Query {
  /** undefined for `SELECT *`. */
  projections?: Projection[];
  /** Steps after S3Object (`S3Object[*].a`), evaluated on each input value. */
  fromPath: PathStep[];
  where?: Expr;
  limit?: number;
  /** Number of aggregate slots; > 0 makes the query an aggregation (one output record). */
  aggregates: number;
}

const KEYWORDS = new Set([
  'SELECT',
  'FROM',
  'WHERE',
  'LIMIT',
  'AND',
  'OR',
  'NOT',
  'LIKE',
  'ESCAPE',
  'BETWEEN',
  'IN',
  'IS',
  'NULL',
  'MISSING',
  'TRUE',
  'FALSE',
  'AS',
  'CAST',
]);
const AGGREGATES = new Set(['COUNT', 'SUM', 'AVG', 'MIN', 'MAX']);
const CAST_TYPES = new Set([
  'INT',
  'INTEGER',
  'FLOAT',
  'DECIMAL',
  'NUMERIC',
  'STRING',
  'VARCHAR',
  'BOOL',
  'BOOLEAN',
  'TIMESTAMP',
]);
const COMPARISONS = new Set(['=', '!=', '<>', '<', '<=', '>', '>=']);

class Parser {
  private pos = 0;
  aggregates = 0;
  private inAggregate = false;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)] as Token;
  }
  private next(): Token {
    const t = this.peek();
    if (t.t !== 'end') this.pos++;
    return t;
  }
  private isKeyword(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.t === 'ident' && !t.quoted && t.v.toUpperCase() === word;
  }
  private acceptKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.pos++;
    return true;
  }
  private expectKeyword(word: string): void {
    if (!this.acceptKeyword(word)) this.unexpected(`expected ${word}`);
  }
  private isOp(op: string): boolean {
    const t = this.peek();
    return t.t === 'op' && t.v === op;
  }
  private acceptOp(op: string): boolean {
    if (!this.isOp(op)) return false;
    this.pos++;
    return true;
  }
  private expectOp(op: string): void {
    if (!this.acceptOp(op)) this.unexpected(`expected '${op}'`);
  }
  unexpected(why: string): never {
    const t = this.peek();
    const found = t.t === 'end' ? 'the end of the expression' : `'${String(t.v)}' at ${t.at}`;
    throw parseFailure(`Unexpected token: ${why}, found ${found}.`);
  }

  query(): Query {
    this.expectKeyword('SELECT');
    let projections: Projection[] | undefined;
    if (!this.acceptOp('*')) {
      projections = [];
      do projections.push(this.projection());
      while (this.acceptOp(','));
    }
    this.expectKeyword('FROM');
    const fromPath = this.table();
    let where: Expr | undefined;
    if (this.acceptKeyword('WHERE')) {
      const before = this.aggregates;
      where = this.expr();
      if (this.aggregates !== before)
        throw new SelectInvalidQuery('Aggregate functions are not allowed in WHERE.');
    }
    let limit: number | undefined;
    if (this.acceptKeyword('LIMIT')) {
      const t = this.next();
      if (t.t !== 'number' || !t.integer) this.unexpected('LIMIT needs a non-negative integer');
      limit = t.v;
    }
    this.acceptOp(';');
    if (this.peek().t !== 'end') this.unexpected('expected the end of the expression');
    if (projections !== undefined && this.aggregates > 0) {
      for (const p of projections) {
        if (!usesOnlyAggregates(p.expr)) {
          throw new SelectInvalidQuery('Aggregate and non-aggregate expressions cannot be mixed in SELECT.');
        }
      }
    }
    return {
      ...(projections !== undefined ? { projections } : {}),
      fromPath,
      ...(where !== undefined ? { where } : {}),
      ...(limit !== undefined ? { limit } : {}),
      aggregates: this.aggregates,
    };
  }

  private projection(): Projection {
    const expr = this.expr();
    if (this.acceptKeyword('AS')) return { expr, alias: this.name() };
    const t = this.peek();
    if (t.t === 'ident' && (t.quoted || !KEYWORDS.has(t.v.toUpperCase())))
      return { expr, alias: this.name() };
    return { expr };
  }

  private name(): string {
    const t = this.next();
    if (t.t !== 'ident') this.unexpected('expected a name');
    return t.v;
  }

  /** `S3Object` with an optional path (`[*]`, `.a`) and alias; returns the path, records the alias. */
  alias: string | undefined;
  private table(): PathStep[] {
    const t = this.next();
    if (t.t !== 'ident' || t.v.toLowerCase() !== 's3object') {
      throw new SelectBadTableName(`The table name is not supported: ${t.t === 'end' ? '' : String(t.v)}`);
    }
    const steps = this.steps();
    // `S3Object[*]` is each top-level value of the input itself, not a walk into it.
    if (steps[0]?.t === 'star') steps.shift();
    if (this.acceptKeyword('AS')) this.alias = this.name();
    else {
      const a = this.peek();
      if (a.t === 'ident' && (a.quoted || !KEYWORDS.has(a.v.toUpperCase()))) this.alias = this.name();
    }
    return steps;
  }

  private steps(): PathStep[] {
    const steps: PathStep[] = [];
    for (;;) {
      if (this.acceptOp('.')) {
        if (this.acceptOp('*')) {
          steps.push({ t: 'star' });
          continue;
        }
        const t = this.next();
        if (t.t !== 'ident') this.unexpected('expected a field name after "."');
        steps.push({ t: 'field', name: t.v, quoted: t.quoted });
      } else if (this.acceptOp('[')) {
        const t = this.next();
        if (t.t === 'op' && t.v === '*') steps.push({ t: 'star' });
        else if (t.t === 'number' && t.integer) steps.push({ t: 'index', i: t.v });
        else if (t.t === 'string') steps.push({ t: 'field', name: t.v, quoted: true });
        else this.unexpected('expected an index, * or a quoted name in [ ]');
        this.expectOp(']');
      } else {
        return steps;
      }
    }
  }

  expr(): Expr {
    let l = this.and();
    while (this.acceptKeyword('OR')) l = { k: 'bin', op: 'OR', l, r: this.and() };
    return l;
  }
  private and(): Expr {
    let l = this.not();
    while (this.acceptKeyword('AND')) l = { k: 'bin', op: 'AND', l, r: this.not() };
    return l;
  }
  private not(): Expr {
    if (this.acceptKeyword('NOT')) return { k: 'not', e: this.not() };
    return this.predicate();
  }
  private predicate(): Expr {
    const e = this.concat();
    const t = this.peek();
    if (t.t === 'op' && COMPARISONS.has(t.v)) {
      this.pos++;
      return { k: 'bin', op: t.v === '<>' ? '!=' : t.v, l: e, r: this.concat() };
    }
    if (this.acceptKeyword('IS')) {
      const not = this.acceptKeyword('NOT');
      for (const what of ['NULL', 'MISSING', 'TRUE', 'FALSE'] as const) {
        if (this.acceptKeyword(what)) return { k: 'is', e, what, not };
      }
      this.unexpected('expected NULL, MISSING, TRUE or FALSE after IS');
    }
    const not = this.isKeyword('NOT') && ['LIKE', 'BETWEEN', 'IN'].some((w) => this.isKeyword(w, 1));
    if (not) this.pos++;
    if (this.acceptKeyword('LIKE')) {
      const pattern = this.concat();
      if (this.acceptKeyword('ESCAPE')) return { k: 'like', e, pattern, escape: this.concat(), not };
      return { k: 'like', e, pattern, not };
    }
    if (this.acceptKeyword('BETWEEN')) {
      const lo = this.concat();
      this.expectKeyword('AND');
      return { k: 'between', e, lo, hi: this.concat(), not };
    }
    if (this.acceptKeyword('IN')) {
      if (this.acceptOp('(')) {
        const list: Expr[] = [];
        do list.push(this.expr());
        while (this.acceptOp(','));
        this.expectOp(')');
        return { k: 'in', e, list, not };
      }
      return { k: 'in', e, list: this.primary(), not };
    }
    if (not) this.unexpected('expected LIKE, BETWEEN or IN after NOT');
    return e;
  }
  private concat(): Expr {
    let l = this.additive();
    while (this.acceptOp('||')) l = { k: 'bin', op: '||', l, r: this.additive() };
    return l;
  }
  private additive(): Expr {
    let l = this.multiplicative();
    for (;;) {
      if (this.acceptOp('+')) l = { k: 'bin', op: '+', l, r: this.multiplicative() };
      else if (this.acceptOp('-')) l = { k: 'bin', op: '-', l, r: this.multiplicative() };
      else return l;
    }
  }
  private multiplicative(): Expr {
    let l = this.unary();
    for (;;) {
      const t = this.peek();
      if (t.t === 'op' && (t.v === '*' || t.v === '/' || t.v === '%')) {
        this.pos++;
        l = { k: 'bin', op: t.v, l, r: this.unary() };
      } else return l;
    }
  }
  private unary(): Expr {
    if (this.acceptOp('-')) return { k: 'neg', e: this.unary() };
    if (this.acceptOp('+')) return this.unary();
    return this.primary();
  }

  private primary(): Expr {
    const t = this.next();
    if (t.t === 'number') return { k: 'lit', v: t.v };
    if (t.t === 'string') return { k: 'lit', v: t.v };
    if (t.t === 'op' && t.v === '(') {
      const e = this.expr();
      this.expectOp(')');
      return e;
    }
    if (t.t !== 'ident') {
      if (t.t !== 'end') this.pos--;
      this.unexpected('expected an expression');
    }
    const upper = t.quoted ? '' : t.v.toUpperCase();
    if (upper === 'TRUE' || upper === 'FALSE') return { k: 'lit', v: upper === 'TRUE' };
    if (upper === 'NULL') return { k: 'lit', v: null };
    if (upper === 'MISSING') return { k: 'lit', v: undefined };
    if (!t.quoted && this.isOp('(')) {
      if (upper !== 'CAST' && !AGGREGATES.has(upper) && !SCALAR_FUNCTIONS.has(upper)) {
        throw parseFailure(`Unknown function ${t.v} at ${t.at}.`);
      }
      return this.call(upper);
    }
    if (upper !== '' && KEYWORDS.has(upper)) {
      this.pos--;
      this.unexpected('expected an expression');
    }
    return { k: 'path', steps: [{ t: 'field', name: t.v, quoted: t.quoted }, ...this.steps()] };
  }

  private call(name: string): Expr {
    this.expectOp('(');
    if (name === 'CAST') {
      const e = this.expr();
      this.expectKeyword('AS');
      const type = this.name().toUpperCase();
      if (!CAST_TYPES.has(type)) throw parseFailure(`Unsupported CAST type ${type}.`);
      this.expectOp(')');
      return { k: 'cast', e, type };
    }
    if (AGGREGATES.has(name)) {
      if (this.inAggregate) throw new SelectInvalidQuery('Aggregate functions cannot be nested.');
      this.inAggregate = true;
      const arg = name === 'COUNT' && this.acceptOp('*') ? '*' : this.expr();
      this.inAggregate = false;
      this.expectOp(')');
      return { k: 'agg', name, arg, slot: this.aggregates++ };
    }
    const args: Expr[] = [];
    if (name === 'EXTRACT' || name === 'DATE_ADD' || name === 'DATE_DIFF') {
      // The date part is a bare word: YEAR, MONTH, DAY, HOUR, MINUTE, SECOND.
      args.push({ k: 'lit', v: this.name().toUpperCase() });
      if (name === 'EXTRACT') this.expectKeyword('FROM');
      else this.expectOp(',');
    } else if (name === 'TRIM') {
      let mode = 'BOTH';
      for (const m of ['LEADING', 'TRAILING', 'BOTH']) if (this.acceptKeyword(m)) mode = m;
      let chars: Expr = { k: 'lit', v: ' ' };
      let target: Expr | undefined;
      if (!this.acceptKeyword('FROM')) {
        const first = this.expr();
        if (this.acceptKeyword('FROM')) chars = first;
        else target = first;
      }
      target ??= this.expr();
      this.expectOp(')');
      return { k: 'call', name, args: [target, { k: 'lit', v: mode }, chars] };
    }
    if (!this.isOp(')')) {
      args.push(this.expr());
      if (name === 'SUBSTRING' && this.acceptKeyword('FROM')) {
        args.push(this.expr());
        if (this.acceptKeyword('FOR')) args.push(this.expr());
      } else {
        while (this.acceptOp(',')) args.push(this.expr());
      }
    }
    this.expectOp(')');
    return { k: 'call', name, args };
  }
}

/** An expression every column reference of which sits inside an aggregate. */
function usesOnlyAggregates(e: Expr): boolean {
  switch (e.k) {
    case 'agg':
    case 'lit':
      return true;
    case 'path':
      return false;
    case 'neg':
    case 'not':
    case 'cast':
      return usesOnlyAggregates(e.e);
    case 'bin':
      return usesOnlyAggregates(e.l) && usesOnlyAggregates(e.r);
    case 'call':
      return e.args.every(usesOnlyAggregates);
    default:
      return false;
  }
}

/** Drop the table alias (or `S3Object`) that starts a path: `s.name` and `name` mean the same. */
function stripAlias(e: Expr, alias: string | undefined): void {
  const visit = (x: Expr | undefined): void => {
    if (x === undefined) return;
    switch (x.k) {
      case 'path': {
        const head = x.steps[0];
        const lower = head?.t === 'field' && !head.quoted ? head.name.toLowerCase() : undefined;
        if (
          x.steps.length > 1 &&
          lower !== undefined &&
          (lower === alias?.toLowerCase() || lower === 's3object')
        ) {
          x.steps.shift();
        }
        return;
      }
      case 'neg':
      case 'not':
      case 'cast':
        return visit(x.e);
      case 'bin':
        visit(x.l);
        return visit(x.r);
      case 'like':
        visit(x.e);
        visit(x.pattern);
        return visit(x.escape);
      case 'between':
        visit(x.e);
        visit(x.lo);
        return visit(x.hi);
      case 'in':
        visit(x.e);
        if (Array.isArray(x.list)) x.list.forEach(visit);
        else visit(x.list);
        return;
      case 'is':
        return visit(x.e);
      case 'call':
        return x.args.forEach(visit);
      case 'agg':
        return x.arg === '*' ? undefined : visit(x.arg);
      default:
        return;
    }
  };
  visit(e);
}

export function parseQuery(sql: string): Query {
  const parser = new Parser(tokenize(sql));
  const query = parser.query();
  for (const p of query.projections ?? []) stripAlias(p.expr, parser.alias);
  if (query.where !== undefined) stripAlias(query.where, parser.alias);
  return query;
}
