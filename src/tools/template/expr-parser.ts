/**
 * Recursive-descent parser for template expressions: literals, `$name`/bare names, attribute and
 * index access, the builtins str/int/float/len, arithmetic, comparisons (chained, `in`, `is`),
 * `not`/`and`/`or`, list displays and `a if test else b`.
 */
import { TemplateError } from '../errors';
import type { ArithOp, CompareOp, Expr } from './ast';
import { ExprLexer, type ExprToken } from './expr-lexer';

export const BUILTINS = ['str', 'int', 'float', 'len'] as const;
const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'is', 'if', 'else']);
const CONSTANTS: Readonly<Record<string, boolean | null>> = { True: true, False: false, None: null };

export class ExprParser {
  private readonly lexer: ExprLexer;
  private token: ExprToken;

  constructor(src: string, start: number, end: number, private readonly line: number) {
    this.lexer = new ExprLexer(src, start, end, line);
    this.token = this.lexer.next();
  }

  /**
   * Checks that the lookahead is the closing `op` and returns the offset just past it, without
   * reading further: what follows a placeholder is template text, not expression.
   */
  closeAt(op: string): number {
    if (!this.isOp(op)) this.fail(`expected '${op}'`);
    return this.token.start + op.length;
  }

  parseExpression(): Expr {
    const value = this.parseOr();
    if (this.isName('if')) {
      this.advance();
      const test = this.parseOr();
      if (!this.isName('else')) this.fail("expected 'else' in conditional expression");
      this.advance();
      return { kind: 'ternary', test, then: value, otherwise: this.parseExpression() };
    }
    return value;
  }

  expectOp(op: string): void {
    if (!this.isOp(op)) this.fail(`expected '${op}'`);
    this.advance();
  }

  expectEnd(): void {
    if (this.token.type !== 'end') this.fail(`unexpected ${describe(this.token)}`);
  }

  isOp(op: string): boolean {
    return this.token.type === 'op' && this.token.op === op;
  }

  private isName(name: string): boolean {
    return this.token.type === 'name' && !this.token.dollar && this.token.name === name;
  }

  private advance(): ExprToken {
    const previous = this.token;
    this.token = this.lexer.next();
    return previous;
  }

  private fail(message: string): never {
    throw new TemplateError(message, this.line);
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isName('or')) {
      this.advance();
      left = { kind: 'logical', op: 'or', left, right: this.parseAnd() };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isName('and')) {
      this.advance();
      left = { kind: 'logical', op: 'and', left, right: this.parseNot() };
    }
    return left;
  }

  private parseNot(): Expr {
    if (this.isName('not')) {
      this.advance();
      return { kind: 'unary', op: 'not', operand: this.parseNot() };
    }
    return this.parseComparison();
  }

  private compareOp(): CompareOp | null {
    const token = this.token;
    if (token.type === 'op' && ['==', '!=', '<', '>', '<=', '>='].includes(token.op)) {
      this.advance();
      return token.op as CompareOp;
    }
    if (this.isName('in')) {
      this.advance();
      return 'in';
    }
    if (this.isName('not')) {
      this.advance();
      if (!this.isName('in')) this.fail("expected 'in' after 'not'");
      this.advance();
      return 'not in';
    }
    if (this.isName('is')) {
      this.advance();
      if (this.isName('not')) {
        this.advance();
        return 'is not';
      }
      return 'is';
    }
    return null;
  }

  private parseComparison(): Expr {
    const first = this.parseAdditive();
    const rest: Array<{ op: CompareOp; right: Expr }> = [];
    for (let op = this.compareOp(); op !== null; op = this.compareOp()) rest.push({ op, right: this.parseAdditive() });
    return rest.length ? { kind: 'compare', first, rest } : first;
  }

  private parseAdditive(): Expr {
    let left = this.parseMultiplicative();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.advance() as { op: ArithOp }).op;
      left = { kind: 'binary', op, left, right: this.parseMultiplicative() };
    }
    return left;
  }

  private parseMultiplicative(): Expr {
    let left = this.parseUnary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('//') || this.isOp('%')) {
      const op = (this.advance() as { op: ArithOp }).op;
      left = { kind: 'binary', op, left, right: this.parseUnary() };
    }
    return left;
  }

  private parseUnary(): Expr {
    if (this.isOp('-') || this.isOp('+')) {
      const op = (this.advance() as { op: '-' | '+' }).op;
      return { kind: 'unary', op, operand: this.parseUnary() };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  /** Attribute, index and call suffixes; also used for `$name.attr[0]` placeholders in text. */
  parsePostfix(start: Expr): Expr {
    let expr = start;
    for (;;) {
      if (this.isOp('.')) {
        this.advance();
        const name = this.advance();
        if (name.type !== 'name' || name.dollar) this.fail("expected an attribute name after '.'");
        expr = { kind: 'attr', object: expr, name: name.name };
      } else if (this.isOp('[')) {
        this.advance();
        const index = this.parseExpression();
        this.expectOp(']');
        expr = { kind: 'index', object: expr, index };
      } else if (this.isOp('(')) {
        expr = this.parseCall(expr);
      } else {
        return expr;
      }
    }
  }

  private parseCall(callee: Expr): Expr {
    if (callee.kind !== 'name' || !(BUILTINS as readonly string[]).includes(callee.name)) {
      this.fail(`calling ${callee.kind === 'name' ? `'${callee.name}'` : 'methods'} is not supported (only ${BUILTINS.join(', ')})`);
    }
    this.advance();
    const args: Expr[] = [];
    while (!this.isOp(')')) {
      args.push(this.parseExpression());
      if (!this.isOp(',')) break;
      this.advance();
    }
    this.expectOp(')');
    return { kind: 'call', callee: callee.name, args };
  }

  private parsePrimary(): Expr {
    const token = this.advance();
    switch (token.type) {
      case 'number':
        return { kind: 'literal', value: Number(token.text), float: token.float };
      case 'string': {
        let value = token.value;
        // Adjacent literals concatenate, as in Python.
        while (this.token.type === 'string') value += (this.advance() as { value: string }).value;
        return { kind: 'literal', value, float: false };
      }
      case 'name':
        if (!token.dollar && token.name in CONSTANTS) return { kind: 'literal', value: CONSTANTS[token.name]!, float: false };
        if (!token.dollar && KEYWORDS.has(token.name)) this.fail(`unexpected '${token.name}'`);
        return { kind: 'name', name: token.name };
      case 'op':
        if (token.op === '(') {
          const inner = this.parseExpression();
          this.expectOp(')');
          return inner;
        }
        if (token.op === '[') return this.parseList();
        return this.fail(`unexpected '${token.op}'`);
      case 'end':
        return this.fail('an expression was expected');
    }
  }

  private parseList(): Expr {
    const items: Expr[] = [];
    while (!this.isOp(']')) {
      items.push(this.parseExpression());
      if (!this.isOp(',')) break;
      this.advance();
    }
    this.expectOp(']');
    return { kind: 'list', items };
  }
}

function describe(token: ExprToken): string {
  switch (token.type) {
    case 'number':
      return `number ${token.text}`;
    case 'string':
      return 'string';
    case 'name':
      return `'${token.dollar ? '$' : ''}${token.name}'`;
    case 'op':
      return `'${token.op}'`;
    case 'end':
      return 'end of expression';
  }
}

/** Parses a whole piece of text (a directive's arguments) as one expression. */
export function parseExpressionText(text: string, line: number): Expr {
  const parser = new ExprParser(text, 0, text.length, line);
  const expr = parser.parseExpression();
  parser.expectEnd();
  return expr;
}
