import { errors } from '../../errors/error-kinds';

/**
 * Where a read of chart rows stopped: the byte offset of the next line to read, the number of data
 * rows before it, the rows already given (of the sample, when sampled), and the dataset's data rows
 * counted on the first page (so later pages count nothing again). Opaque to clients (base64url JSON).
 */
export interface ChartCursor {
  /** Byte offset of the next line. */
  offset: number;
  /** Data rows before that offset. */
  row: number;
  /** Rows given so far. */
  given: number;
  /** The dataset's data rows. */
  total: number;
}

const KEYS = ['o', 'r', 'g', 't'] as const;

export function encodeChartCursor(cursor: ChartCursor): string {
  return Buffer.from(JSON.stringify({ o: cursor.offset, r: cursor.row, g: cursor.given, t: cursor.total })).toString('base64url');
}

const wholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The cursor a previous page answered; anything else is the caller's error. */
export function decodeChartCursor(text: string): ChartCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const fields = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (!KEYS.every((key) => wholeNumber(fields[key]))) {
    throw errors.invalid('after must be the endCursor of a previous page of chart data', { parameter: 'after' });
  }
  const [offset, row, given, total] = KEYS.map((key) => fields[key] as number);
  return { offset, row, given, total };
}
