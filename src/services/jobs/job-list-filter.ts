import { AppError } from '../../errors/error-kinds';

/** `date_range_min` / `date_range_max` text: a date alone covers that whole day (inclusive). */
export function parseDateBound(text: string, bound: 'min' | 'max'): Date {
  const trimmed = text.trim();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(trimmed);
  const date = new Date(dateOnly ? `${trimmed}T00:00:00Z` : /[zZ]|[+-]\d\d:?\d\d$/.test(trimmed) ? trimmed : `${trimmed.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) {
    throw new AppError('RequestParameterInvalidException', `Invalid date: ${text}`, { column: `date_range_${bound}`, value: text });
  }
  if (dateOnly && bound === 'max') return new Date(date.getTime() + 24 * 3600 * 1000 - 1);
  return date;
}
