/**
 * Walks a template tree against a namespace and produces output segments. Literal template text
 * and values are kept apart so the caller can reshape one (line joining) without touching the other
 * (a quoted value's own line breaks).
 */
import { TemplateError } from '../errors';
import type { Expr, TemplateNode } from './ast';
import { arithmetic, callBuiltin, compare, negate } from './operators';
import { shellQuote } from './shell-quote';
import { PyFloat, TemplateObject, Unsafe, strOf, toPrimitive, truthy, typeName, type TemplateValue } from './values';

export interface Segment {
  text: string;
  /** True for template text; false for rendered values. */
  literal: boolean;
}

export interface EvaluateOptions {
  /** Quote user-derived text for the shell (default true). */
  shellQuoting?: boolean;
}

/** Runs `action`, giving line-less TemplateErrors (from values and operators) the current line. */
function atLine<T>(line: number, action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof TemplateError && error.line === undefined) {
      throw new TemplateError(error.message.replace(/^Template error: /, ''), line);
    }
    throw error;
  }
}

class Evaluator {
  private readonly locals = new Map<string, TemplateValue>();
  private readonly out: Segment[] = [];

  constructor(private readonly namespace: ReadonlyMap<string, TemplateValue>, private readonly shellQuoting: boolean) {}

  run(nodes: readonly TemplateNode[]): Segment[] {
    this.execute(nodes);
    return this.out;
  }

  private execute(nodes: readonly TemplateNode[]): void {
    for (const node of nodes) {
      switch (node.kind) {
        case 'text':
          this.out.push({ text: node.text, literal: true });
          break;
        case 'output':
          atLine(node.line, () => this.emit(this.evaluate(node.expr, node.line)));
          break;
        case 'if': {
          const branch = node.branches.find((candidate) => atLine(candidate.line, () => truthy(this.evaluate(candidate.test, candidate.line))));
          if (branch) this.execute(branch.body);
          else if (node.otherwise) this.execute(node.otherwise);
          break;
        }
        case 'for': {
          const items = atLine(node.line, () => this.iterate(this.evaluate(node.iterable, node.line)));
          for (const item of items) {
            this.locals.set(node.target, item);
            this.execute(node.body);
          }
          break;
        }
        case 'set':
          atLine(node.line, () => {
            const value = this.evaluate(node.expr, node.line);
            if (node.op === '=') this.locals.set(node.name, value);
            else this.locals.set(node.name, arithmetic(node.op === '+=' ? '+' : '-', this.lookup(node.name, node.line), value));
          });
          break;
      }
    }
  }

  private emit(value: TemplateValue): void {
    // Cheetah renders None placeholders as nothing.
    if (value === null) return;
    const text = strOf(value);
    if (text instanceof Unsafe) this.out.push({ text: this.shellQuoting ? shellQuote(text.text) : text.text, literal: false });
    else this.out.push({ text, literal: !(value instanceof TemplateObject) });
  }

  private iterate(value: TemplateValue): TemplateValue[] {
    if (Array.isArray(value)) return value;
    if (value instanceof TemplateObject) {
      const elements = value.elements();
      if (elements) return elements;
    }
    if (typeof value === 'string' || value instanceof Unsafe) {
      const text = typeof value === 'string' ? value : value.text;
      return [...text].map((char) => (typeof value === 'string' ? char : new Unsafe(char)));
    }
    throw new TemplateError(`${typeName(value)} is not iterable`);
  }

  private lookup(name: string, line: number): TemplateValue {
    if (this.locals.has(name)) return this.locals.get(name)!;
    if (this.namespace.has(name)) return this.namespace.get(name)!;
    throw new TemplateError(`undefined variable '${name}'`, line);
  }

  private evaluate(expr: Expr, line: number): TemplateValue {
    switch (expr.kind) {
      case 'literal':
        return expr.float && typeof expr.value === 'number' ? new PyFloat(expr.value) : expr.value;
      case 'name':
        return this.lookup(expr.name, line);
      case 'attr': {
        const object = this.evaluate(expr.object, line);
        const value = object instanceof TemplateObject ? object.attr(expr.name) : undefined;
        if (value === undefined) throw new TemplateError(`${describeForError(expr.object, object)} has no attribute '${expr.name}'`, line);
        return value;
      }
      case 'index':
        return this.index(this.evaluate(expr.object, line), this.evaluate(expr.index, line), expr.object, line);
      case 'call':
        return callBuiltin(expr.callee, expr.args.map((arg) => this.evaluate(arg, line)));
      case 'list':
        return expr.items.map((item) => this.evaluate(item, line));
      case 'unary': {
        const operand = this.evaluate(expr.operand, line);
        if (expr.op === 'not') return !truthy(operand);
        return expr.op === '-' ? negate(operand) : arithmetic('+', 0, operand);
      }
      case 'binary':
        return arithmetic(expr.op, this.evaluate(expr.left, line), this.evaluate(expr.right, line));
      case 'logical': {
        // Python returns the deciding operand, not a boolean.
        const left = this.evaluate(expr.left, line);
        if (expr.op === 'and') return truthy(left) ? this.evaluate(expr.right, line) : left;
        return truthy(left) ? left : this.evaluate(expr.right, line);
      }
      case 'compare': {
        let left = this.evaluate(expr.first, line);
        for (const { op, right: rightExpr } of expr.rest) {
          const right = this.evaluate(rightExpr, line);
          if (!compare(op, left, right)) return false;
          left = right;
        }
        return true;
      }
      case 'ternary':
        return truthy(this.evaluate(expr.test, line)) ? this.evaluate(expr.then, line) : this.evaluate(expr.otherwise, line);
    }
  }

  private index(object: TemplateValue, key: TemplateValue, objectExpr: Expr, line: number): TemplateValue {
    const keyValue = toPrimitive(key);
    let found: TemplateValue | undefined;
    if (object instanceof TemplateObject) found = object.item(keyValue);
    else if ((Array.isArray(object) || typeof object === 'string' || object instanceof Unsafe) && typeof keyValue === 'number') {
      const sequence: TemplateValue[] = Array.isArray(object) ? object : this.iterate(object);
      found = sequence[keyValue < 0 ? sequence.length + keyValue : keyValue];
    }
    if (found === undefined) throw new TemplateError(`${describeForError(objectExpr, object)} has no item [${String(keyValue)}]`, line);
    return found;
  }
}

function exprName(expr: Expr): string | null {
  if (expr.kind === 'name') return `$${expr.name}`;
  if (expr.kind === 'attr') {
    const base = exprName(expr.object);
    return base === null ? null : `${base}.${expr.name}`;
  }
  return null;
}

function describeForError(expr: Expr, value: TemplateValue): string {
  const name = exprName(expr);
  return name ? `'${name}' (${typeName(value)})` : typeName(value);
}

/** Evaluates a parsed template; values from parameters and datasets are shell-quoted unless disabled. */
export function evaluateTemplate(
  nodes: readonly TemplateNode[],
  namespace: ReadonlyMap<string, TemplateValue>,
  options: EvaluateOptions = {},
): Segment[] {
  return new Evaluator(namespace, options.shellQuoting ?? true).run(nodes);
}
