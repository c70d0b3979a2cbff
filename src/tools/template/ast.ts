/** Syntax trees of command templates: expressions (a Python subset) and template nodes. */

export type CompareOp = '==' | '!=' | '<' | '>' | '<=' | '>=' | 'in' | 'not in' | 'is' | 'is not';
export type ArithOp = '+' | '-' | '*' | '/' | '//' | '%';

export type Expr =
  | { kind: 'literal'; value: string | number | boolean | null; float: boolean }
  | { kind: 'name'; name: string }
  | { kind: 'attr'; object: Expr; name: string }
  | { kind: 'index'; object: Expr; index: Expr }
  | { kind: 'call'; callee: string; args: Expr[] }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'unary'; op: 'not' | '-' | '+'; operand: Expr }
  | { kind: 'binary'; op: ArithOp; left: Expr; right: Expr }
  | { kind: 'logical'; op: 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'compare'; first: Expr; rest: Array<{ op: CompareOp; right: Expr }> }
  | { kind: 'ternary'; test: Expr; then: Expr; otherwise: Expr };

export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'output'; expr: Expr; line: number }
  | { kind: 'if'; branches: Array<{ test: Expr; body: TemplateNode[]; line: number }>; otherwise: TemplateNode[] | null }
  | { kind: 'for'; target: string; iterable: Expr; body: TemplateNode[]; line: number }
  | { kind: 'set'; name: string; op: '=' | '+=' | '-='; expr: Expr; line: number };
