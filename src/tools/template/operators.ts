/** Python semantics for the evaluator's operators and builtins, over TemplateValues. */
import { TemplateError } from '../errors';
import type { ArithOp, CompareOp } from './ast';
import { BooleanWrapper } from './wrappers';
import {
  PyFloat,
  TemplateObject,
  Unsafe,
  strOf,
  textOf,
  toPrimitive,
  typeName,
  type Primitive,
  type TemplateValue,
  type TextValue,
} from './values';

type Numeric = number | PyFloat;

function asNumeric(value: Primitive): Numeric | null {
  if (typeof value === 'number' || value instanceof PyFloat) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return null;
}

function numberOf(value: Numeric): number {
  return value instanceof PyFloat ? value.value : value;
}

function isText(value: TemplateValue): value is string | Unsafe {
  return typeof value === 'string' || value instanceof Unsafe;
}

/** Text of a text-like value, unwrapping text parameters; null when it is not text. */
function textLike(value: TemplateValue): TextValue | null {
  if (isText(value)) return value;
  if (value instanceof TemplateObject && typeof value.primitive() === 'string') return value.str();
  return null;
}

function joinText(parts: TextValue[]): TextValue {
  const text = parts.map(textOf).join('');
  return parts.some((part) => part instanceof Unsafe) ? new Unsafe(text) : text;
}

export function pyEquals(left: Primitive, right: Primitive): boolean {
  if (left === null || right === null) return left === right;
  const a = asNumeric(left);
  const b = asNumeric(right);
  if (a !== null && b !== null) return numberOf(a) === numberOf(b);
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => pyEquals(item, right[index]!));
  }
  return left === right;
}

/** Booleans compared with text compare their rendered truevalue/falsevalue, like `str($flag) == '--x'`. */
function comparable(value: TemplateValue, other: TemplateValue): Primitive {
  if (value instanceof BooleanWrapper && textLike(other) !== null) return textOf(value.str());
  return toPrimitive(value);
}

function ordered(op: CompareOp, left: Primitive, right: Primitive): boolean {
  const a = asNumeric(left);
  const b = asNumeric(right);
  let sign: number;
  if (a !== null && b !== null) sign = numberOf(a) - numberOf(b);
  else if (typeof left === 'string' && typeof right === 'string') sign = left < right ? -1 : left > right ? 1 : 0;
  else throw new TemplateError(`cannot order ${typeof left} and ${typeof right} values with '${op}'`);
  switch (op) {
    case '<':
      return sign < 0;
    case '>':
      return sign > 0;
    case '<=':
      return sign <= 0;
    default:
      return sign >= 0;
  }
}

function contains(container: TemplateValue, item: TemplateValue): boolean {
  const haystack = toPrimitive(container);
  const needle = toPrimitive(item);
  if (typeof haystack === 'string') {
    if (typeof needle !== 'string') throw new TemplateError("'in <string>' requires a string on the left");
    return haystack.includes(needle);
  }
  if (Array.isArray(haystack)) return haystack.some((element) => pyEquals(element, needle));
  throw new TemplateError(`'in' needs a string or list on the right, not ${typeName(container)}`);
}

export function compare(op: CompareOp, left: TemplateValue, right: TemplateValue): boolean {
  switch (op) {
    case '==':
      return pyEquals(comparable(left, right), comparable(right, left));
    case '!=':
      return !pyEquals(comparable(left, right), comparable(right, left));
    case 'in':
      return contains(right, left);
    case 'not in':
      return !contains(right, left);
    case 'is':
    case 'is not': {
      const same = toPrimitive(left) === null && toPrimitive(right) === null ? true : left === right;
      return op === 'is' ? same : !same;
    }
    default:
      return ordered(op, toPrimitive(left), toPrimitive(right));
  }
}

function numericResult(value: number, float: boolean): Numeric {
  return float ? new PyFloat(value) : value;
}

/** `'%s' % value` / `'%s-%d' % [a, b]` for the s, d, i, f and r conversions. */
function formatPercent(format: TextValue, args: TemplateValue): TextValue {
  const values = Array.isArray(args) ? args : [args];
  let index = 0;
  let tainted = format instanceof Unsafe;
  const text = textOf(format).replace(/%([-+ 0]*\d*(?:\.\d+)?)([sdifr%])/g, (whole, flags: string, conversion: string) => {
    if (conversion === '%') return '%';
    if (index >= values.length) throw new TemplateError('not enough arguments for format string');
    const value = values[index++]!;
    if (conversion === 's' || conversion === 'r') {
      const shown = strOf(value);
      if (shown instanceof Unsafe) tainted = true;
      return textOf(shown);
    }
    const number = asNumeric(toPrimitive(value));
    if (number === null) throw new TemplateError(`%${conversion} format needs a number, not ${typeName(value)}`);
    const precision = /\.(\d+)/.exec(flags);
    if (conversion === 'f') return numberOf(number).toFixed(precision ? Number(precision[1]) : 6);
    return String(Math.trunc(numberOf(number)));
  });
  if (index < values.length) throw new TemplateError('not all arguments converted during string formatting');
  return tainted ? new Unsafe(text) : text;
}

export function arithmetic(op: ArithOp, left: TemplateValue, right: TemplateValue): TemplateValue {
  const leftText = textLike(left);
  if (op === '+' && leftText !== null) {
    const rightText = textLike(right);
    if (rightText === null) throw new TemplateError(`cannot concatenate str and ${typeName(right)}`);
    return joinText([leftText, rightText]);
  }
  if (op === '%' && leftText !== null) return formatPercent(leftText, right);
  if (op === '+' && Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
  const a = asNumeric(toPrimitive(left));
  const b = asNumeric(toPrimitive(right));
  if (a === null || b === null) {
    throw new TemplateError(`unsupported operand types for ${op}: ${typeName(left)} and ${typeName(right)}`);
  }
  const float = a instanceof PyFloat || b instanceof PyFloat;
  const x = numberOf(a);
  const y = numberOf(b);
  if ((op === '/' || op === '//' || op === '%') && y === 0) throw new TemplateError('division by zero');
  switch (op) {
    case '+':
      return numericResult(x + y, float);
    case '-':
      return numericResult(x - y, float);
    case '*':
      return numericResult(x * y, float);
    // The platform runs Python 2: int / int floors.
    case '/':
      return float ? new PyFloat(x / y) : Math.floor(x / y);
    case '//':
      return numericResult(Math.floor(x / y), float);
    case '%':
      return numericResult(x - y * Math.floor(x / y), float);
  }
}

export function negate(value: TemplateValue): TemplateValue {
  const number = asNumeric(toPrimitive(value));
  if (number === null) throw new TemplateError(`bad operand type for unary -: ${typeName(value)}`);
  return number instanceof PyFloat ? new PyFloat(-number.value) : -number;
}

function parseIntText(text: string): number {
  if (!/^\s*[+-]?\d+\s*$/.test(text)) throw new TemplateError(`invalid literal for int(): '${text}'`);
  return Number(text.trim());
}

function parseFloatText(text: string): number {
  if (!/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text)) {
    throw new TemplateError(`could not convert string to float: '${text}'`);
  }
  return Number(text.trim());
}

export function callBuiltin(name: string, args: TemplateValue[]): TemplateValue {
  if (args.length !== 1) throw new TemplateError(`${name}() takes exactly one argument (${args.length} given)`);
  const arg = args[0]!;
  const primitive = toPrimitive(arg);
  switch (name) {
    case 'str':
      return strOf(arg);
    case 'int': {
      const number = asNumeric(primitive);
      if (number !== null) return Math.trunc(numberOf(number));
      if (typeof primitive === 'string') return parseIntText(primitive);
      throw new TemplateError(`int() cannot convert ${typeName(arg)}`);
    }
    case 'float': {
      const number = asNumeric(primitive);
      if (number !== null) return new PyFloat(numberOf(number));
      if (typeof primitive === 'string') return new PyFloat(parseFloatText(primitive));
      throw new TemplateError(`float() cannot convert ${typeName(arg)}`);
    }
    case 'len': {
      const elements = arg instanceof TemplateObject ? arg.elements() : undefined;
      if (elements) return elements.length;
      if (typeof primitive === 'string' || Array.isArray(primitive)) return primitive.length;
      throw new TemplateError(`${typeName(arg)} has no len()`);
    }
    default:
      throw new TemplateError(`unknown function '${name}'`);
  }
}
