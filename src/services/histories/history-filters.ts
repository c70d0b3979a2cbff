import { AppError } from '../../errors/error-kinds';
import type { HistoryColumn, HistoryCondition } from './history-view';

/** One `q`/`qv` pair of the history index, e.g. `name-contains` / `rna`. */
export interface FilterPair {
  q: string;
  qv: string;
}

type Op = 'eq' | 'contains' | 'like' | 'le' | 'ge' | 'has' | 'in';

/** The platform's history filters: which ops each column accepts (platform-facts §4.1). */
const ALLOWED: Record<string, readonly Op[]> = {
  name: ['eq', 'contains', 'like'],
  genome_build: ['eq', 'contains', 'like'],
  slug: ['eq', 'contains', 'like'],
  create_time: ['le', 'ge'],
  update_time: ['le', 'ge'],
  deleted: ['eq'],
  purged: ['eq'],
  importable: ['eq'],
  published: ['eq'],
  tag: ['eq', 'has'],
  annotation: ['has'],
  encoded_id: ['in'],
};

/** A parsed filter; `deleted: null` (qv None) means both deleted and active; `all` filters nothing. */
export type HistoryFilter =
  | { kind: 'column'; condition: HistoryCondition & { kind: 'compare' } }
  | { kind: 'all' }
  | { kind: 'deleted'; value: boolean | null }
  | { kind: 'tag'; op: 'eq' | 'has'; name: string; value: string | null }
  | { kind: 'ids'; encodedIds: string[] };

const compare = (column: HistoryColumn, op: '=' | '<=' | '>=' | 'ilike' | 'like', value: unknown): HistoryFilter => ({
  kind: 'column',
  condition: { kind: 'compare', column, op, value },
});

const badFilter = (column: string, operation: string) =>
  new AppError('RequestParameterInvalidException', 'bad filter', { column, operation });

const badValue = (column: string, operation: string, value: string, reason: string) =>
  new AppError('RequestParameterInvalidException', 'bad filter value', { column, operation, value, ValueError: reason });

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `True`/`False`/`None` and the other spellings of string_as_bool_or_none. */
function boolOrNone(value: string): boolean | null {
  const text = value.trim().toLowerCase();
  if (text === 'none') return null;
  return ['true', 'yes', 'on'].includes(text);
}

function parseDate(column: string, op: string, value: string): Date {
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) throw badValue(column, op, value, `Invalid isoformat string: '${value}'`);
  return date;
}

export function parseHistoryFilter(pair: FilterPair): HistoryFilter {
  const dash = pair.q.lastIndexOf('-');
  const column = dash < 0 ? pair.q : pair.q.slice(0, dash);
  const op = (dash < 0 ? 'eq' : pair.q.slice(dash + 1)) as Op;
  if (!ALLOWED[column]?.includes(op)) throw badFilter(column, op);
  const value = pair.qv;
  switch (column) {
    case 'deleted':
      return { kind: 'deleted', value: boolOrNone(value) };
    case 'purged':
    case 'importable':
    case 'published': {
      const flag = boolOrNone(value);
      return flag === null ? { kind: 'all' } : compare(column as HistoryColumn, '=', flag);
    }
    case 'create_time':
    case 'update_time': {
      const date = parseDate(column, op, value);
      return compare(column as HistoryColumn, op === 'le' ? '<=' : '>=', date);
    }
    case 'tag': {
      const split = value.indexOf(':');
      const name = split < 0 ? value : value.slice(0, split);
      return { kind: 'tag', op: op as 'eq' | 'has', name, value: split < 0 ? null : value.slice(split + 1) };
    }
    case 'encoded_id':
      return { kind: 'ids', encodedIds: value.split(',').map((id) => id.trim()).filter(Boolean) };
    case 'annotation':
      return compare('annotation', 'ilike', `%${escapeLike(value)}%`);
    default: {
      const field = column as 'name' | 'genome_build' | 'slug';
      if (op === 'eq') return compare(field, '=', value);
      if (op === 'contains') return compare(field, 'ilike', `%${escapeLike(value)}%`);
      return compare(field, 'like', value);
    }
  }
}
