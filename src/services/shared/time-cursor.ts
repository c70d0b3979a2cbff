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

const TIME = /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d){0,2}$/;

/** PostgreSQL's text of a timestamp with time zone (ISO style) naming a real day: the database would refuse anything else. */
function isTimeText(text: string): boolean {
  const match = TIME.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function timeCursorOf(position: TimePosition): string {
  return Buffer.from(`${position.time}|${position.id}`).toString('base64url');
}

/** The position a cursor names; anything else is an invalid input (never a database error). */
export function timePositionOf(cursor: string): TimePosition {
  const match = /^([^|]+)\|(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || !isTimeText(match[1]) || Number(match[2]) > NEWEST.id) throw errors.invalid(`Invalid cursor: ${cursor}`);
  return { time: match[1], id: Number(match[2]) };
}

/** `first` of a page: a whole number from 0 to `max`. */
export function checkPageSize(first: number, max: number): void {
  if (!Number.isInteger(first) || first < 0 || first > max) throw errors.invalid(`first must be a whole number from 0 to ${max}`);
}
