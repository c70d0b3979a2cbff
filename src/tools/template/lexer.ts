/**
 * Template tokenizer: splits Cheetah source into literal text, placeholders (`$a.b`, `${expr}`) and
 * directives (`#if …`), dropping comments. Lines holding only a directive or comment vanish whole
 * (indentation and newline), as in Cheetah; a directive ended by a line break consumes that break.
 */
import { TemplateError } from '../errors';
import type { Expr } from './ast';
import { ExprParser } from './expr-parser';

export type DirectiveName = 'if' | 'elif' | 'else' | 'end if' | 'for' | 'end for' | 'set' | 'echo';

export type TemplateToken =
  | { type: 'text'; text: string }
  | { type: 'placeholder'; expr: Expr; line: number }
  | { type: 'directive'; name: DirectiveName; args: string; line: number };

const DIRECTIVE = /^#(end[ \t]+if|end[ \t]+for|endif|endfor|else[ \t]+if|elif|else|if|for|set|echo|silent|slurp|pass)(?![A-Za-z0-9_])/;
const UNSUPPORTED =
  /^#(while|end[ \t]+[A-Za-z]+|def|block|include|import|from|extends|implements|raw|call|capture|filter|cache|try|except|finally|raise|return|break|continue|unless|assert|del|attr|stop|compiler-settings|compiler|encoding|errorCatcher|breakpoint|super)(?![A-Za-z0-9_-])/;
const IDENT_START = /[A-Za-z_]/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*/;

function canonical(keyword: string): DirectiveName | 'ignored' {
  const word = keyword.replace(/[ \t]+/g, ' ');
  if (word === 'endif') return 'end if';
  if (word === 'endfor') return 'end for';
  if (word === 'else if') return 'elif';
  if (word === 'silent' || word === 'slurp' || word === 'pass') return 'ignored';
  return word as DirectiveName;
}

class TemplateLexer {
  private readonly tokens: TemplateToken[] = [];
  private text = '';
  private pos = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly src: string) {}

  run(): TemplateToken[] {
    const { src } = this;
    while (this.pos < src.length) {
      const char = src[this.pos]!;
      const next = src[this.pos + 1];
      if (char === '\\' && (next === '$' || next === '#')) {
        this.text += next;
        this.pos += 2;
      } else if (char === '\n') {
        this.text += char;
        this.newLine(this.pos + 1);
      } else if (char === '#' && next === '#') {
        this.lineComment();
      } else if (char === '#' && next === '*') {
        this.blockComment();
      } else if (char === '#' && (DIRECTIVE.test(src.slice(this.pos, this.pos + 24)) || UNSUPPORTED.test(src.slice(this.pos, this.pos + 24)))) {
        this.directive();
      } else if (char === '$' && next === '{') {
        this.bracedPlaceholder();
      } else if (char === '$' && next !== undefined && IDENT_START.test(next)) {
        this.placeholder();
      } else {
        this.text += char;
        this.pos += 1;
      }
    }
    this.flush();
    return this.tokens;
  }

  private newLine(start: number): void {
    this.line += 1;
    this.lineStart = start;
    this.pos = start;
  }

  private flush(): void {
    if (this.text) this.tokens.push({ type: 'text', text: this.text });
    this.text = '';
  }

  /** True when only blanks precede `at` on its line; those blanks are then already in `text`. */
  private aloneOnLine(at: number): boolean {
    return /^[ \t]*$/.test(this.src.slice(this.lineStart, at));
  }

  private dropIndent(at: number): void {
    this.text = this.text.slice(0, this.text.length - (at - this.lineStart));
  }

  /** Skips to just past the line break at or after `from` (or to the end). */
  private skipLineBreak(from: number): void {
    const end = this.src.indexOf('\n', from);
    if (end < 0) this.pos = this.src.length;
    else this.newLine(end + 1);
  }

  private lineComment(): void {
    const start = this.pos;
    const end = this.src.indexOf('\n', start);
    if (this.aloneOnLine(start)) {
      this.dropIndent(start);
      this.skipLineBreak(start);
    } else {
      this.pos = end < 0 ? this.src.length : end;
    }
  }

  private blockComment(): void {
    const start = this.pos;
    const close = this.src.indexOf('*#', start + 2);
    if (close < 0) throw new TemplateError("unterminated '#*' comment", this.line);
    const after = close + 2;
    const lineEnd = this.src.indexOf('\n', after);
    const restOfLine = this.src.slice(after, lineEnd < 0 ? this.src.length : lineEnd);
    const inner = this.src.slice(start, after);
    const alone = this.aloneOnLine(start) && /^[ \t\r]*$/.test(restOfLine);
    if (alone) this.dropIndent(start);
    const breaks = inner.split('\n').length - 1;
    if (breaks) {
      this.line += breaks;
      this.lineStart = start + inner.lastIndexOf('\n') + 1;
    }
    if (alone) this.skipLineBreak(after);
    else this.pos = after;
  }

  /** End of a directive's arguments: a line break, a `#` or a `##` comment outside string literals. */
  private argumentsEnd(from: number): { end: number; closedByHash: boolean } {
    let quote: string | null = null;
    for (let index = from; index < this.src.length; index += 1) {
      const char = this.src[index]!;
      if (char === '\n') return { end: index, closedByHash: false };
      if (quote) {
        if (char === '\\') index += 1;
        else if (char === quote) quote = null;
      } else if (char === '"' || char === "'") {
        quote = char;
      } else if (char === '#') {
        // `##` starts a comment running to the end of the line, so the directive ends there too.
        return { end: index, closedByHash: this.src[index + 1] !== '#' };
      }
    }
    return { end: this.src.length, closedByHash: false };
  }

  private directive(): void {
    const start = this.pos;
    const head = this.src.slice(start, start + 24);
    const supported = DIRECTIVE.exec(head);
    if (!supported) {
      const unsupported = UNSUPPORTED.exec(head)![1]!.replace(/[ \t]+/g, ' ');
      throw new TemplateError(`the directive '#${unsupported}' is not supported`, this.line);
    }
    const name = canonical(supported[1]!);
    const line = this.line;
    const { end, closedByHash } = this.argumentsEnd(start + supported[0].length);
    const args = this.src.slice(start + supported[0].length, end).trim().replace(/:$/, '').trim();
    if (!closedByHash && this.aloneOnLine(start)) this.dropIndent(start);
    if (name !== 'ignored') {
      this.flush();
      this.tokens.push({ type: 'directive', name, args, line });
    }
    if (closedByHash) this.pos = end + 1;
    else this.skipLineBreak(end);
  }

  private bracedPlaceholder(): void {
    this.flush();
    const parser = new ExprParser(this.src, this.pos + 2, this.src.length, this.line);
    const expr = parser.parseExpression();
    const end = parser.closeAt('}');
    this.tokens.push({ type: 'placeholder', expr, line: this.line });
    this.advanceOver(end);
  }

  /** `$name` with `.attr` and `[index]` suffixes; a `.` not followed by a name ends it. */
  private placeholder(): void {
    this.flush();
    const { src } = this;
    let pos = this.pos + 1;
    const first = IDENT.exec(src.slice(pos, pos + 256))![0];
    pos += first.length;
    let expr: Expr = { kind: 'name', name: first };
    for (;;) {
      if (src[pos] === '.' && IDENT_START.test(src[pos + 1] ?? '')) {
        const name = IDENT.exec(src.slice(pos + 1, pos + 257))![0];
        expr = { kind: 'attr', object: expr, name };
        pos += 1 + name.length;
      } else if (src[pos] === '[') {
        const parser = new ExprParser(src, pos + 1, src.length, this.line);
        const index = parser.parseExpression();
        expr = { kind: 'index', object: expr, index };
        pos = parser.closeAt(']');
      } else {
        break;
      }
    }
    this.tokens.push({ type: 'placeholder', expr, line: this.line });
    this.advanceOver(pos);
  }

  /** Moves to `end`, keeping line bookkeeping right if the consumed span had line breaks. */
  private advanceOver(end: number): void {
    const span = this.src.slice(this.pos, end);
    const breaks = span.split('\n').length - 1;
    if (breaks) {
      this.line += breaks;
      this.lineStart = this.pos + span.lastIndexOf('\n') + 1;
    }
    this.pos = end;
  }
}

export function tokenizeTemplate(src: string): TemplateToken[] {
  return new TemplateLexer(src).run();
}
