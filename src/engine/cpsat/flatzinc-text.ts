/**
 * FlatZinc text (what any `minizinc -c` writes, e.g. the native 2.6.4, which has no
 * `--fzn-format json`) -> the FlatZinc JSON of flatzinc.ts, the form MiniZinc 2.10 writes with
 * `--fzn-format json` and the translator reads. Predicate declarations are skipped; annotations
 * are kept as JSON annotations are (a name, or `{id, args}`); `output_var` / `output_array`
 * make the output list, `defines_var` a constraint's `defines`.
 */
import type { FlatZinc, FznArgument, FznLiteral, FznVariable } from './flatzinc.ts';

export class FlatZincSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlatZincSyntaxError';
  }
}

type Token = { kind: 'name' | 'int' | 'float' | 'string' | 'symbol'; text: string; line: number };

const TOKEN = /\s+|%[^\n]*|("(?:[^"\\]|\\.)*")|(-?\d+\.\d+(?:[eE][-+]?\d+)?|-?\d+[eE][-+]?\d+)|(-?(?:0x[0-9a-fA-F]+|0o[0-7]+|\d+))|([A-Za-z_][A-Za-z0-9_]*)|(\.\.|::|[:;,()[\]{}=])/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (match === null) throw new FlatZincSyntaxError(`line ${line}: unexpected ${JSON.stringify(text.slice(at, at + 20))}`);
    const [whole, string, float, int, name, symbol] = match;
    if (string !== undefined) tokens.push({ kind: 'string', text: string, line });
    else if (float !== undefined) tokens.push({ kind: 'float', text: float, line });
    else if (int !== undefined) tokens.push({ kind: 'int', text: int, line });
    else if (name !== undefined) tokens.push({ kind: 'name', text: name, line });
    else if (symbol !== undefined) tokens.push({ kind: 'symbol', text: symbol, line });
    line += whole.split('\n').length - 1;
  }
  return tokens;
}

/** A parsed expression: a literal, an array of them, or an annotation call. */
type Expression = FznLiteral | Expression[] | { id: string; args: Expression[] };

/** Sorted, disjoint ranges of a set of integers. */
function ranges(values: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const value of [...new Set(values)].sort((a, b) => a - b)) {
    const last = out.at(-1);
    if (last !== undefined && last[1] === value - 1) last[1] = value;
    else out.push([value, value]);
  }
  return out;
}

function isCall(expression: Expression): expression is { id: string; args: Expression[] } {
  return typeof expression === 'object' && expression !== null && !Array.isArray(expression) && 'id' in expression;
}

class Parser {
  private position = 0;
  readonly flatzinc: FlatZinc = { variables: {}, arrays: {}, constraints: [], output: [], solve: { method: 'satisfy' } };

  constructor(private readonly tokens: Token[]) {}

  parse(): FlatZinc {
    let solved = false;
    while (this.position < this.tokens.length) {
      const keyword = this.peek().text;
      if (keyword === 'predicate') this.skipItem();
      else if (keyword === 'constraint') this.constraint();
      else if (keyword === 'solve') {
        this.solve();
        solved = true;
      } else this.declaration();
    }
    if (!solved) throw new FlatZincSyntaxError('no solve item');
    return this.flatzinc;
  }

  private peek(): Token {
    const token = this.tokens[this.position];
    if (token === undefined) throw new FlatZincSyntaxError('unexpected end of the FlatZinc');
    return token;
  }

  private next(): Token {
    const token = this.peek();
    this.position += 1;
    return token;
  }

  private accept(text: string): boolean {
    if (this.tokens[this.position]?.text !== text) return false;
    this.position += 1;
    return true;
  }

  private expect(text: string): void {
    const token = this.next();
    if (token.text !== text) throw new FlatZincSyntaxError(`line ${token.line}: expected "${text}", found "${token.text}"`);
  }

  private name(): string {
    const token = this.next();
    if (token.kind !== 'name') throw new FlatZincSyntaxError(`line ${token.line}: expected a name, found "${token.text}"`);
    return token.text;
  }

  private skipItem(): void {
    while (this.next().text !== ';');
  }

  /** `[array [1..n] of] [var] type: name :: annotations [= value];` */
  private declaration(): void {
    let isArray = false;
    if (this.accept('array')) {
      isArray = true;
      this.expect('[');
      this.expression();
      this.expect(']');
      this.expect('of');
    }
    const isVariable = this.accept('var');
    const { type, domain } = this.type();
    this.expect(':');
    const name = this.name();
    const annotations = this.annotations();
    const value = this.accept('=') ? this.expression() : undefined;
    this.expect(';');
    const output = annotations.some((annotation) => annotation === 'output_var' || (isCall(annotation) && annotation.id === 'output_array'));
    if (output) this.flatzinc.output.push(name);
    const introduced = annotations.includes('var_is_introduced');
    const defined = annotations.includes('is_defined_var');
    if (isArray) {
      if (!Array.isArray(value)) throw new FlatZincSyntaxError(`array ${name}: no elements`);
      this.flatzinc.arrays[name] = { a: value.map((element) => this.literal(element, name)), ...(introduced ? { introduced } : {}), ...(defined ? { defined } : {}) };
      return;
    }
    const variable: FznVariable = { type, ...(domain === undefined ? {} : { domain }) };
    if (value !== undefined) variable.rhs = this.literal(value, name);
    if (!isVariable) {
      // A scalar parameter: a variable fixed to its value, as the translator reads names.
      if (value === undefined) throw new FlatZincSyntaxError(`parameter ${name}: no value`);
      if (type === 'int' && typeof variable.rhs === 'number') variable.domain = [[variable.rhs, variable.rhs]];
    }
    if (introduced) variable.introduced = true;
    if (defined) variable.defined = true;
    this.flatzinc.variables[name] = variable;
  }

  /** `int`, `bool`, `float`, `lo..hi`, `{a, b}`, `set of ...`: the JSON type and domain. */
  private type(): { type: string; domain?: number[][] } {
    if (this.accept('set')) {
      this.expect('of');
      this.type();
      return { type: 'set of int' };
    }
    const token = this.peek();
    if (token.kind === 'name') {
      this.position += 1;
      if (token.text === 'int' || token.text === 'bool' || token.text === 'float') return { type: token.text };
      throw new FlatZincSyntaxError(`line ${token.line}: unknown type "${token.text}"`);
    }
    const domain = this.expression();
    if (typeof domain === 'object' && domain !== null && 'set' in domain) return { type: 'int', domain: domain.set };
    if (Array.isArray(domain) && domain.length === 2 && domain.every((bound) => typeof bound === 'number')) return { type: 'float', domain: [domain as number[]] };
    throw new FlatZincSyntaxError(`line ${token.line}: unknown domain`);
  }

  private constraint(): void {
    this.expect('constraint');
    const id = this.name();
    this.expect('(');
    const args = this.list(')').map((argument) => this.argument(argument, id));
    const annotations = this.annotations();
    this.expect(';');
    const defines = annotations.find((annotation) => isCall(annotation) && annotation.id === 'defines_var');
    const defined = defines !== undefined && isCall(defines) ? defines.args[0] : undefined;
    this.flatzinc.constraints.push({
      id,
      args,
      ...(typeof defined === 'string' ? { defines: defined } : {}),
      ...(annotations.length === 0 ? {} : { ann: annotations }),
    });
  }

  private solve(): void {
    this.expect('solve');
    const annotations = this.annotations();
    const method = this.name();
    if (method !== 'satisfy' && method !== 'minimize' && method !== 'maximize') throw new FlatZincSyntaxError(`solve: unknown method "${method}"`);
    const objective = method === 'satisfy' ? undefined : this.literal(this.expression(), 'the objective');
    this.expect(';');
    this.flatzinc.solve = { method, ...(objective === undefined ? {} : { objective }), ...(annotations.length === 0 ? {} : { ann: annotations }) };
  }

  private annotations(): Expression[] {
    const annotations: Expression[] = [];
    while (this.accept('::')) annotations.push(this.expression());
    return annotations;
  }

  /** Expressions up to the closing symbol, separated by commas (a trailing comma allowed). */
  private list(close: string): Expression[] {
    const items: Expression[] = [];
    while (!this.accept(close)) {
      items.push(this.expression());
      if (!this.accept(',')) {
        this.expect(close);
        break;
      }
    }
    return items;
  }

  private expression(): Expression {
    const token = this.next();
    if (token.text === '[') return this.list(']');
    if (token.text === '{') {
      const values = this.list('}');
      if (!values.every((value): value is number => typeof value === 'number')) throw new FlatZincSyntaxError(`line ${token.line}: a set of non-integers`);
      return { set: ranges(values) };
    }
    if (token.kind === 'string') return { string: JSON.parse(token.text) as string };
    if (token.kind === 'int' || token.kind === 'float') {
      const value = Number(token.text);
      if (token.kind === 'int' && this.accept('..')) {
        const upper = Number(this.next().text);
        return { set: upper < value ? [] : [[value, upper]] };
      }
      if (token.kind === 'float' && this.accept('..')) return [value, Number(this.next().text)];
      return value;
    }
    if (token.kind === 'name') {
      if (token.text === 'true' || token.text === 'false') return token.text === 'true';
      if (this.accept('(')) return { id: token.text, args: this.list(')') };
      return token.text;
    }
    throw new FlatZincSyntaxError(`line ${token.line}: unexpected "${token.text}"`);
  }

  private literal(expression: Expression, owner: string): FznLiteral {
    if (Array.isArray(expression) || isCall(expression)) throw new FlatZincSyntaxError(`${owner}: expected a value`);
    return expression;
  }

  private argument(expression: Expression, owner: string): FznArgument {
    return Array.isArray(expression) ? expression.map((element) => this.literal(element, owner)) : this.literal(expression, owner);
  }
}

export function parseFlatZincText(text: string): FlatZinc {
  return new Parser(tokenize(text)).parse();
}
