import { AppError } from '../errors/error-kinds';

/** The refusal of any caller-supplied text holding NUL, which PostgreSQL text cannot store. */
export const NUL_TEXT_MESSAGE = 'Text parameters may not contain NUL characters.';

/**
 * Whether a value (text, or lists and objects of any depth, keys included) holds a NUL character.
 * Walked without recursion, so no nesting hides one.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item as Record<string, unknown>)) {
        if (key.includes('\u0000')) return true;
        pending.push(element);
      }
    }
  }
  return false;
}

export function nulTextError(): AppError {
  return new AppError('RequestParameterInvalidException', NUL_TEXT_MESSAGE);
}

/** Refuses (RequestParameterInvalidException, 400) when any of the values holds NUL text. */
export function rejectNulText(...values: unknown[]): void {
  if (values.some((value) => containsNul(value))) throw nulTextError();
}
