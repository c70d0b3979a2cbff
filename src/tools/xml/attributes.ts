/** Attribute readers with the platform's spellings (`true`/`yes`/`on` for booleans). */
import { ToolParseError } from '../errors';
import type { XmlElement } from './xml-tree';

export function attr(element: XmlElement, name: string): string | undefined {
  return element.attrs[name];
}

export function attrOr(element: XmlElement, name: string, fallback: string): string {
  return element.attrs[name] ?? fallback;
}

export function boolAttr(element: XmlElement, name: string, fallback: boolean): boolean {
  const raw = element.attrs[name];
  if (raw === undefined) return fallback;
  return ['true', 'yes', 'on', '1'].includes(raw.trim().toLowerCase());
}

/** Numeric attribute; blank means absent, anything unparsable is an authoring error. */
export function numberAttr(element: XmlElement, name: string, integer: boolean, where: string): number | null {
  const raw = element.attrs[name];
  if (raw === undefined || raw.trim() === '') return null;
  const text = raw.trim();
  const ok = integer ? /^[+-]?\d+$/.test(text) : /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text);
  if (!ok) {
    throw new ToolParseError(`${where}: attribute ${name}="${raw}" is not ${integer ? 'an integer' : 'a number'}`);
  }
  return Number(text);
}
