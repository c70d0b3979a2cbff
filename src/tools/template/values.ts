/**
 * Runtime values of the template evaluator, modelled on Python's: ints are JS numbers, floats are
 * boxed (so `1.0` stays a float), and text derived from users is boxed as `Unsafe` so it keeps its
 * taint through `str()`, concatenation and `#set` and is shell-quoted when it reaches the output.
 */
import { TemplateError } from '../errors';
import { pyFloatRepr } from './py-format';

export class PyFloat {
  constructor(readonly value: number) {}
}

/** Text from a parameter or dataset; rendered through shellQuote. */
export class Unsafe {
  constructor(readonly text: string) {}
}

/** Text a value renders to: plain (template-authored, trusted) or Unsafe. */
export type TextValue = string | Unsafe;

/** Plain data used for comparisons and arithmetic. */
export type Primitive = null | boolean | number | PyFloat | string | Primitive[];

/** Objects exposed to templates: parameter wrappers, datasets, groups. */
export abstract class TemplateObject {
  /** How errors name the object, e.g. "dataset 'input1'". */
  abstract readonly description: string;

  /** Attribute lookup; undefined means "no such attribute". */
  attr(name: string): TemplateValue | undefined {
    void name;
    return undefined;
  }

  /** `obj[key]`; undefined means "no such key". */
  item(key: Primitive): TemplateValue | undefined {
    void key;
    return undefined;
  }

  /** The text `$obj` and `str($obj)` produce. */
  str(): TextValue {
    throw new TemplateError(`${this.description} cannot be rendered as text`);
  }

  abstract primitive(): Primitive;

  truthy(): boolean {
    return isTruthy(this.primitive());
  }

  /** Elements when the object is iterable (`#for`, `len`), else undefined. */
  elements(): TemplateValue[] | undefined {
    return undefined;
  }
}

export type TemplateValue = null | boolean | number | PyFloat | string | Unsafe | TemplateValue[] | TemplateObject;

export function textOf(value: TextValue): string {
  return typeof value === 'string' ? value : value.text;
}

/** Strips wrappers and taint for comparisons and arithmetic. */
export function toPrimitive(value: TemplateValue): Primitive {
  if (value instanceof Unsafe) return value.text;
  if (value instanceof TemplateObject) return value.primitive();
  if (Array.isArray(value)) return value.map(toPrimitive);
  return value;
}

export function isTruthy(value: Primitive): boolean {
  if (value === null) return false;
  if (value instanceof PyFloat) return value.value !== 0;
  if (Array.isArray(value) || typeof value === 'string') return value.length > 0;
  if (typeof value === 'number') return value !== 0;
  return value;
}

export function truthy(value: TemplateValue): boolean {
  if (value instanceof TemplateObject) return value.truthy();
  return isTruthy(toPrimitive(value));
}

/** Python's `str()` of a value; lists have no text form here. */
export function strOf(value: TemplateValue): TextValue {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (value instanceof PyFloat) return pyFloatRepr(value.value);
  if (typeof value === 'string' || value instanceof Unsafe) return value;
  if (value instanceof TemplateObject) return value.str();
  throw new TemplateError('a list cannot be rendered as text');
}

export function typeName(value: TemplateValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'int';
  if (value instanceof PyFloat) return 'float';
  if (typeof value === 'string' || value instanceof Unsafe) return 'str';
  if (Array.isArray(value)) return 'list';
  return value.description;
}
