import { AppError } from '../../errors/error-kinds';

const MS_PER_DAY = 24 * 3600 * 1000;

/**
 * `date_range_min` / `date_range_max` text as the bounds of an update-time range, both inclusive:
 * `min` is the first instant included, `max` comes back as the first instant *excluded*. A date
 * alone covers that whole day. Times are shown to the millisecond (the database keeps microseconds),
 * so a time given as `max` covers the whole millisecond it names: the exact time a job shows is in.
 */
export function parseDateBound(text: string, bound: 'min' | 'max'): Date {
  const trimmed = text.trim();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(trimmed);
  const date = new Date(dateOnly ? `${trimmed}T00:00:00Z` : /[zZ]|[+-]\d\d:?\d\d$/.test(trimmed) ? trimmed : `${trimmed.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) {
    throw new AppError('RequestParameterInvalidException', `Invalid date: ${text}`, { column: `date_range_${bound}`, value: text });
  }
  if (bound === 'min') return date;
  return new Date(date.getTime() + (dateOnly ? MS_PER_DAY : 1));
}
