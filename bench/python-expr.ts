/**
 * The small part of Python that feedparser's test files use in their `Expect:` line
 * (`not bozo and entries[0]['title'] == u'…'`): names, subscripts, calls, tuples and lists, string
 * and number literals, `==` `!=` `in` `not in` `is`, `and` `or` `not`. Evaluated against a scope
 * object; a name or key the scope does not provide throws NotApplicable (the case is about a field
 * our import does not keep). Used only by bench/feedparser-conformance.ts.
 */

export class NotApplicable extends Error {}

type Tok = { t: 'name' | 'num' | 'str' | 'op'; v: string };

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '0': '\0',
};

function readString(src: string, i: number): { value: string; end: number } {
  const quote = src[i] as string;
  const triple = src.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  let j = i + close.length;
  let out = '';
  while (j < src.length && !src.startsWith(close, j)) {
    const ch = src[j] as string;
    if (ch !== '\\') {
      out += ch;
      j++;
      continue;
    }
    const next = src[j + 1] as string;
    if (next === 'u' || next === 'x' || next === 'U') {
      const len = next === 'u' ? 4 : next === 'x' ? 2 : 8;
      out += String.fromCodePoint(Number.parseInt(src.slice(j + 2, j + 2 + len), 16));
      j += 2 + len;
    } else {
      out += ESCAPES[next] ?? `\\${next}`;
      j += 2;
    }
  }
  return { value: out, end: j + close.length };
}

export function tokenize(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i] as string;
    if (/\s/.test(ch)) {
      i++;
    } else if (/[uUbBrR]/.test(ch) && /['"]/.test(src[i + 1] ?? '')) {
      const s = readString(src, i + 1);
      toks.push({ t: 'str', v: s.value });
      i = s.end;
    } else if (ch === "'" || ch === '"') {
      const s = readString(src, i);
      toks.push({ t: 'str', v: s.value });
      i = s.end;
    } else if (/[0-9]/.test(ch)) {
      const m = /^[0-9]+(\.[0-9]+)?L?/.exec(src.slice(i)) as RegExpExecArray;
      toks.push({ t: 'num', v: m[0].replace(/L$/, '') });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(ch)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i)) as RegExpExecArray;
      toks.push({ t: 'name', v: m[0] });
      i += m[0].length;
    } else {
      const two = src.slice(i, i + 2);
      if (['==', '!=', '<=', '>='].includes(two)) {
        toks.push({ t: 'op', v: two });
        i += 2;
      } else {
        toks.push({ t: 'op', v: ch });
        i++;
      }
    }
  }
  return toks;
}

export type Expr =
  | { k: 'lit'; v: unknown }
  | { k: 'name'; v: string }
  | { k: 'index'; of: Expr; at: Expr }
  | { k: 'attr'; of: Expr; name: string }
  | { k: 'call'; fn: Expr; args: Expr[] }
  | { k: 'tuple'; items: Expr[] }
  | { k: 'not'; e: Expr }
  | { k: 'neg'; e: Expr }
  | { k: 'bool'; op: 'and' | 'or'; items: Expr[] }
  | { k: 'cmp'; first: Expr; rest: Array<{ op: string; e: Expr }> };

export function parse(src: string): Expr {
  const toks = tokenize(src);
  let p = 0;
  const peek = (v?: string) => (v === undefined ? toks[p] : toks[p]?.v === v ? toks[p] : undefined);
  const eat = (v: string) => {
    if (toks[p]?.v !== v) throw new SyntaxError(`expected ${v} at ${toks[p]?.v ?? 'end'}`);
    p++;
  };
  const orExpr = (): Expr => {
    const items = [andExpr()];
    while (peek('or') && toks[p]?.t === 'name') {
      p++;
      items.push(andExpr());
    }
    return items.length === 1 ? (items[0] as Expr) : { k: 'bool', op: 'or', items };
  };
  const andExpr = (): Expr => {
    const items = [notExpr()];
    while (peek('and') && toks[p]?.t === 'name') {
      p++;
      items.push(notExpr());
    }
    return items.length === 1 ? (items[0] as Expr) : { k: 'bool', op: 'and', items };
  };
  const notExpr = (): Expr => {
    if (peek('not') && toks[p]?.t === 'name') {
      p++;
      return { k: 'not', e: notExpr() };
    }
    return comparison();
  };
  const comparison = (): Expr => {
    const first = unary();
    const rest: Array<{ op: string; e: Expr }> = [];
    for (;;) {
      const t = peek();
      if (!t) break;
      if (['==', '!=', '<', '>', '<=', '>='].includes(t.v) && t.t === 'op') {
        p++;
        rest.push({ op: t.v, e: unary() });
      } else if (t.v === 'in' && t.t === 'name') {
        p++;
        rest.push({ op: 'in', e: unary() });
      } else if (t.v === 'not' && toks[p + 1]?.v === 'in') {
        p += 2;
        rest.push({ op: 'not in', e: unary() });
      } else if (t.v === 'is' && t.t === 'name') {
        p++;
        if (peek('not')) {
          p++;
          rest.push({ op: 'is not', e: unary() });
        } else rest.push({ op: 'is', e: unary() });
      } else break;
    }
    return rest.length ? { k: 'cmp', first, rest } : first;
  };
  const unary = (): Expr => {
    if (peek('-')) {
      p++;
      return { k: 'neg', e: unary() };
    }
    return postfix();
  };
  const postfix = (): Expr => {
    let e = atom();
    for (;;) {
      if (peek('[')) {
        p++;
        const at = orExpr();
        eat(']');
        e = { k: 'index', of: e, at };
      } else if (peek('.')) {
        p++;
        const name = toks[p++]?.v as string;
        e = { k: 'attr', of: e, name };
      } else if (peek('(')) {
        p++;
        const args: Expr[] = [];
        while (!peek(')')) {
          args.push(orExpr());
          if (peek(',')) p++;
        }
        eat(')');
        e = { k: 'call', fn: e, args };
      } else return e;
    }
  };
  const sequence = (close: string): Expr[] => {
    const items: Expr[] = [];
    while (!peek(close)) {
      items.push(orExpr());
      if (peek(',')) p++;
      else break;
    }
    eat(close);
    return items;
  };
  const atom = (): Expr => {
    const t = toks[p++];
    if (!t) throw new SyntaxError('unexpected end');
    if (t.t === 'num') return { k: 'lit', v: Number(t.v) };
    if (t.t === 'str') {
      let v = t.v;
      // Adjacent literals concatenate, as in Python.
      while (toks[p]?.t === 'str') v += toks[p++]?.v;
      return { k: 'lit', v };
    }
    if (t.t === 'name') {
      if (t.v === 'None') return { k: 'lit', v: null };
      if (t.v === 'True') return { k: 'lit', v: true };
      if (t.v === 'False') return { k: 'lit', v: false };
      return { k: 'name', v: t.v };
    }
    if (t.v === '(') {
      const items = sequence(')');
      return items.length === 1 && toks[p - 2]?.v !== ',' ? (items[0] as Expr) : { k: 'tuple', items };
    }
    if (t.v === '[') return { k: 'tuple', items: sequence(']') };
    throw new SyntaxError(`unexpected ${t.v}`);
  };
  const e = orExpr();
  if (p < toks.length) throw new SyntaxError(`unexpected ${toks[p]?.v}`);
  return e;
}

/** Python's `==`, with a hook for our text fields (they compare as text, not as markup). */
export type Equal = (a: unknown, b: unknown) => boolean;

export function evaluate(e: Expr, scope: Record<string, unknown>, equal: Equal): unknown {
  const ev = (x: Expr) => evaluate(x, scope, equal);
  switch (e.k) {
    case 'lit':
      return e.v;
    case 'name':
      if (!(e.v in scope)) throw new NotApplicable(e.v);
      return scope[e.v];
    case 'neg':
      return -(ev(e.e) as number);
    case 'tuple':
      return e.items.map(ev);
    case 'not':
      return !truthy(ev(e.e));
    case 'bool': {
      if (e.op === 'and') {
        let last: unknown = true;
        for (const item of e.items) {
          last = ev(item);
          if (!truthy(last)) return last;
        }
        return last;
      }
      let last: unknown = false;
      for (const item of e.items) {
        last = ev(item);
        if (truthy(last)) return last;
      }
      return last;
    }
    case 'index': {
      const of = ev(e.of);
      const at = ev(e.at);
      if (Array.isArray(of) && typeof at === 'number') {
        const i = at < 0 ? of.length + at : at;
        if (i >= of.length) throw new NotApplicable(`index ${at}`);
        return of[i];
      }
      if (of && typeof of === 'object' && typeof at === 'string') {
        if (!(at in of)) throw new NotApplicable(`key ${at}`);
        return (of as Record<string, unknown>)[at];
      }
      throw new NotApplicable('subscript');
    }
    case 'attr': {
      const of = ev(e.of);
      // feedparser's dicts read keys as attributes (`entries[0].link`); `.get(…)` is a method.
      if (e.name === 'get') return { self: of, method: e.name };
      if (of && typeof of === 'object' && !Array.isArray(of)) {
        if (!(e.name in of)) throw new NotApplicable(`key ${e.name}`);
        return (of as Record<string, unknown>)[e.name];
      }
      throw new NotApplicable(`attribute ${e.name}`);
    }
    case 'call': {
      // Our text fields are objects holding their string (see the runner's Text).
      const args = e.args.map(ev).map((a) => (a && typeof a === 'object' && 'value' in a ? a.value : a));
      if (e.fn.k === 'name' && e.fn.v === 'len') return (args[0] as { length: number }).length;
      if (e.fn.k === 'name' && e.fn.v === 'ord') return (args[0] as string).codePointAt(0);
      const fn = ev(e.fn) as { self?: unknown; method?: string };
      if (fn?.method === 'get' && fn.self && typeof fn.self === 'object') {
        const key = args[0] as string;
        if (!(key in fn.self)) throw new NotApplicable(`key ${key}`);
        return (fn.self as Record<string, unknown>)[key];
      }
      throw new NotApplicable('call');
    }
    case 'cmp': {
      let left = ev(e.first);
      for (const { op, e: rightExpr } of e.rest) {
        const right = ev(rightExpr);
        let ok: boolean;
        if (op === '==' || op === 'is') ok = equal(left, right);
        else if (op === '!=' || op === 'is not') ok = !equal(left, right);
        else if (op === 'in' || op === 'not in') {
          const has = Array.isArray(right)
            ? right.some((r) => equal(left, r))
            : typeof right === 'string'
              ? right.includes(String(left))
              : right && typeof right === 'object'
                ? keyIn(left as string, right)
                : false;
          ok = op === 'in' ? has : !has;
        } else throw new NotApplicable(op);
        if (!ok) return false;
        left = right;
      }
      return true;
    }
  }
}

/** A key our object does not hold is a field we do not keep: not applicable, never "absent". */
function keyIn(key: string, obj: object): boolean {
  if (!(key in obj)) throw new NotApplicable(`key ${key}`);
  const v = (obj as Record<string, unknown>)[key];
  return v !== null && v !== undefined && v !== '';
}

export const truthy = (v: unknown) =>
  !(v === null || v === undefined || v === false || v === 0 || v === '' || (Array.isArray(v) && !v.length));
