/** A body already written as JSON text: sent as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

const MARK = '\u0000float:';
const MARKED = /"\\u0000float:(-?[0-9.e+-]+)"/g;

/** Python's repr of a float: whole numbers keep their `.0`. */
const floatText = (value: number) => (Number.isInteger(value) && Math.abs(value) < 1e16 ? `${value}.0` : String(value));

/**
 * The dictionary as JSON with the given keys written as floats (`12.0`), as the platform's Python
 * writes them: clients that check the type (`isinstance(x, float)`) see a float.
 */
export function withFloatKeys(body: Record<string, unknown>, keys: readonly string[]): RawJson {
  const marked: Record<string, unknown> = { ...body };
  for (const key of keys) {
    const value = marked[key];
    if (typeof value === 'number' && Number.isFinite(value)) marked[key] = `${MARK}${value}`;
  }
  return new RawJson(JSON.stringify(marked).replace(MARKED, (_match, number: string) => floatText(Number(number))));
}
