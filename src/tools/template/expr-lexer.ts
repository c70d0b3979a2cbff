/** Tokens of template expressions, read lazily from any offset of the template source. */
import { TemplateError } from '../errors';

export type ExprToken =
  | { type: 'number'; text: string; float: boolean; start: number }
  | { type: 'string'; value: string; start: number }
  | { type: 'name'; name: string; dollar: boolean; start: number }
  | { type: 'op'; op: string; start: number }
  | { type: 'end'; start: number };

// Longest first, so `//` wins over `/` and `==` over `=`.
const OPERATORS = ['//', '==', '!=', '<=', '>=', '+=', '-=', '(', ')', '[', ']', '{', '}', ',', '.', ':', '<', '>', '+', '-', '*', '/', '%', '='];

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };

export class ExprLexer {
  private pos: number;

  constructor(
    private readonly src: string,
    start: number,
    private readonly end: number,
    private readonly line: number,
  ) {
    this.pos = start;
  }

  get position(): number {
    return this.pos;
  }

  next(): ExprToken {
    while (this.pos < this.end && /[ \t\r\n]/.test(this.src[this.pos]!)) this.pos += 1;
    const start = this.pos;
    if (start >= this.end) return { type: 'end', start };
    const rest = this.src.slice(start, this.end);
    const number = /^(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?/.exec(rest);
    if (number) {
      this.pos += number[0].length;
      return { type: 'number', text: number[0], float: /[.eE]/.test(number[0]), start };
    }
    const name = /^(\$?)([A-Za-z_][A-Za-z0-9_]*)/.exec(rest);
    if (name) {
      this.pos += name[0].length;
      return { type: 'name', name: name[2]!, dollar: name[1] === '$', start };
    }
    const quote = rest[0];
    if (quote === '"' || quote === "'") return this.readString(quote, start);
    const op = OPERATORS.find((candidate) => rest.startsWith(candidate));
    if (op === undefined) throw new TemplateError(`unexpected character '${rest[0]}' in expression`, this.line);
    this.pos += op.length;
    return { type: 'op', op, start };
  }

  private readString(quote: string, start: number): ExprToken {
    let value = '';
    let index = start + 1;
    while (index < this.end) {
      const char = this.src[index]!;
      if (char === quote) {
        this.pos = index + 1;
        return { type: 'string', value, start };
      }
      if (char === '\\' && index + 1 < this.end) {
        const escaped = this.src[index + 1]!;
        // Unknown escapes keep their backslash, as in Python.
        value += ESCAPES[escaped] ?? `\\${escaped}`;
        index += 2;
        continue;
      }
      if (char === '\n') break;
      value += char;
      index += 1;
    }
    throw new TemplateError('unterminated string literal', this.line);
  }
}
