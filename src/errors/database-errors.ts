import { AppError } from './error-kinds';

/**
 * Data errors PostgreSQL reports for values a request carried (too long, out of range, malformed
 * text): they are the caller's bad input, answered 400, never a 500. SQLSTATE class 22.
 */
const INPUT_ERRORS: Record<string, string> = {
  '22001': 'A value is longer than the field allows.',
  '22003': 'A number is out of range.',
  '22007': 'A date or time is not valid.',
  '22008': 'A date or time is out of range.',
  '22021': 'A text value holds a character that is not allowed.',
  '22P02': 'A value does not have the expected type.',
  '22P05': 'A text value holds a character that is not allowed.',
};

export function appErrorFromDatabase(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !(code in INPUT_ERRORS)) return undefined;
  return new AppError('RequestParameterInvalidException', INPUT_ERRORS[code]);
}
