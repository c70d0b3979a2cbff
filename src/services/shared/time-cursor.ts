import { errors } from '../../errors/error-kinds';

/**
 * A keyset position in a listing ordered by a time column and the id, newest first: the time as
 * PostgreSQL's text of it (every microsecond kept, as a Date would not) and the row's id, opaque
 * (base64url) to clients.
 */
export interface TimePosition {
  time: string;
  id: number;
}

/** Before the newest row. */
export const NEWEST: TimePosition = { time: 'infinity', id: 2_147_483_647 };

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

export function timeCursorOf(position: TimePosition): string {
  return Buffer.from(`${position.time}|${position.id}`).toString('base64url');
}

/** The position a cursor names; anything else is an invalid input (never a database error). */
export function timePositionOf(cursor: string): TimePosition {
  const match = /^([^|]+)\|(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || !TIME.test(match[1]) || Number(match[2]) > NEWEST.id) throw errors.invalid(`Invalid cursor: ${cursor}`);
  return { time: match[1], id: Number(match[2]) };
}

/** `first` of a page: a whole number from 0 to `max`. */
export function checkPageSize(first: number, max: number): void {
  if (!Number.isInteger(first) || first < 0 || first > max) throw errors.invalid(`first must be a whole number from 0 to ${max}`);
}
