import { AppError } from '../errors/error-kinds';

/** PostgreSQL text cannot hold NUL; such input is refused before it reaches a query. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

export function rejectNulText(...values: unknown[]): void {
  if (values.some((value) => containsNul(value))) {
    throw new AppError('RequestParameterInvalidException', 'Text parameters may not contain NUL characters.');
  }
}
