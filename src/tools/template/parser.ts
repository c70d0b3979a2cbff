/** Template tokens → node tree: pairs `#if/#elif/#else/#end if` and `#for/#end for`, parses directive arguments. */
import { TemplateError } from '../errors';
import type { TemplateNode } from './ast';
import { parseExpressionText } from './expr-parser';
import { tokenizeTemplate, type DirectiveName, type TemplateToken } from './lexer';

type Directive = Extract<TemplateToken, { type: 'directive' }>;

const FOR_ARGS = /^\$?([A-Za-z_][A-Za-z0-9_]*)\s+in\s+([\s\S]+)$/;
const SET_ARGS = /^(?:global\s+)?\$?([A-Za-z_][A-Za-z0-9_]*)\s*(\+=|-=|=(?!=))\s*([\s\S]+)$/;

class TemplateParser {
  private index = 0;

  constructor(private readonly tokens: TemplateToken[]) {}

  parseAll(): TemplateNode[] {
    const { nodes, end } = this.parseBlock([]);
    if (end) throw new TemplateError(`'#${end.name}' without a matching opening directive`, end.line);
    return nodes;
  }

  /** Nodes up to one of the `stops` directives (returned, consumed) or the end of input. */
  private parseBlock(stops: readonly DirectiveName[]): { nodes: TemplateNode[]; end: Directive | null } {
    const nodes: TemplateNode[] = [];
    while (this.index < this.tokens.length) {
      const token = this.tokens[this.index++]!;
      if (token.type === 'text') nodes.push({ kind: 'text', text: token.text });
      else if (token.type === 'placeholder') nodes.push({ kind: 'output', expr: token.expr, line: token.line });
      else if (stops.includes(token.name)) return { nodes, end: token };
      else nodes.push(this.parseDirective(token));
    }
    return { nodes, end: null };
  }

  private parseDirective(token: Directive): TemplateNode {
    switch (token.name) {
      case 'if':
        return this.parseIf(token);
      case 'for':
        return this.parseFor(token);
      case 'set': {
        const match = SET_ARGS.exec(token.args);
        if (!match) throw new TemplateError(`'#set' needs '$name = expression', got '${token.args}'`, token.line);
        const op = match[2] as '=' | '+=' | '-=';
        return { kind: 'set', name: match[1]!, op, expr: parseExpressionText(match[3]!, token.line), line: token.line };
      }
      case 'echo':
        return { kind: 'output', expr: parseExpressionText(token.args, token.line), line: token.line };
      default:
        throw new TemplateError(`'#${token.name}' without a matching opening directive`, token.line);
    }
  }

  private parseIf(opening: Directive): TemplateNode {
    const branches: Array<{ test: ReturnType<typeof parseExpressionText>; body: TemplateNode[]; line: number }> = [];
    let current: Directive = opening;
    for (;;) {
      if (!current.args) throw new TemplateError(`'#${current.name}' needs a condition`, current.line);
      const test = parseExpressionText(current.args, current.line);
      const { nodes, end } = this.parseBlock(['elif', 'else', 'end if']);
      branches.push({ test, body: nodes, line: current.line });
      if (!end) throw new TemplateError("'#if' without a matching '#end if'", opening.line);
      if (end.name === 'end if') return { kind: 'if', branches, otherwise: null };
      if (end.name === 'else') {
        const rest = this.parseBlock(['end if']);
        if (!rest.end) throw new TemplateError("'#if' without a matching '#end if'", opening.line);
        return { kind: 'if', branches, otherwise: rest.nodes };
      }
      current = end;
    }
  }

  private parseFor(opening: Directive): TemplateNode {
    const match = FOR_ARGS.exec(opening.args);
    if (!match) throw new TemplateError(`'#for' needs '$name in expression', got '${opening.args}'`, opening.line);
    const iterable = parseExpressionText(match[2]!, opening.line);
    const { nodes, end } = this.parseBlock(['end for']);
    if (!end) throw new TemplateError("'#for' without a matching '#end for'", opening.line);
    return { kind: 'for', target: match[1]!, iterable, body: nodes, line: opening.line };
  }
}

/** Parses a Cheetah template (the supported subset) into a node tree; errors carry the line. */
export function parseTemplate(src: string): TemplateNode[] {
  return new TemplateParser(tokenizeTemplate(src)).parseAll();
}
