import { isPyFloat, isPyInt, pyStrip } from '../sniff/python';

export type ColumnType = 'int' | 'float' | 'list' | 'str';

/** Most specific first: a column is the most general type any of its values needs. */
const SET_ORDER: readonly ColumnType[] = ['int', 'float', 'list', 'str'];

/** The type one field suggests; undefined for an empty field. */
export function guessColumnType(text: string): ColumnType | undefined {
  if (isPyInt(text)) return 'int';
  // "na" counts as a float, as on the platform.
  if (isPyFloat(text) || pyStrip(text).toLowerCase() === 'na') return 'float';
  if (text.includes(',')) return 'list';
  if (text !== '') return 'str';
  return undefined;
}

/** Whether `type` should replace `current` (a more general type wins). */
export function overrules(type: ColumnType | undefined, current: ColumnType | undefined): boolean {
  if (type === undefined || type === current) return false;
  if (current === undefined) return true;
  return SET_ORDER.indexOf(type) > SET_ORDER.indexOf(current);
}
