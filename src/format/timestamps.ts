const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Python `datetime.isoformat()` of a naive UTC time: microseconds only when non-zero. */
export function isoformat(date: Date): string {
  const base = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const ms = date.getUTCMilliseconds();
  return ms === 0 ? base : `${base}.${pad(ms * 1000, 6)}`;
}

/** Python `str(datetime)`: like isoformat with a space between date and time. */
export function pythonStr(date: Date): string {
  return isoformat(date).replace('T', ' ');
}

/** The library timestamp `%Y-%m-%d %I:%M %p` (platform-facts §5.1). */
export function libraryTimestamp(date: Date): string {
  const hours = date.getUTCHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(twelve)}:${pad(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const DAY_MS = 86_400_000;
/** 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z: the years toISOString writes with four digits. */
const FOUR_DIGIT_YEARS = [-62_167_219_200_000, 253_402_300_800_000];

/**
 * `new Date(ms).toISOString()`, the same text, without a Date: a streamed listing writes three times
 * per item, and V8's toISOString costs about 1 µs (this, a third of that). Outside years 0-9999 (where
 * toISOString writes six-digit signed years) and for NaN it is toISOString itself (which throws on NaN).
 */
export function utcIsoText(ms: number): string {
  if (!(ms >= FOUR_DIGIT_YEARS[0] && ms < FOUR_DIGIT_YEARS[1])) return new Date(ms).toISOString();
  // A Date keeps whole milliseconds, cut toward zero.
  const whole = Math.trunc(ms);
  const days = Math.floor(whole / DAY_MS);
  let rest = whole - days * DAY_MS;
  // Civil date of a day count (days from 1970-01-01), in 400-year eras starting on March 1st.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const m5 = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * m5 + 2) / 5) + 1;
  const month = m5 < 10 ? m5 + 3 : m5 - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const yearText = year < 1000 ? `000${year}`.slice(-4) : `${year}`;
  return `${yearText}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(rest - seconds * 1000)}Z`;
}

/**
 * A UTC instant written as toISOString writes it (`2015-06-01T15:04:05.120Z`), e.g. by PostgreSQL
 * (`utcIsoSql`): a listing of many items passes its times on as the text it read, with no Date made
 * and formatted again per item. The GraphQL date scalar serialises it to the same text.
 */
export type UtcIsoText = string & { readonly utcIsoText: true };

/** Whether a value has the shape of `UtcIsoText` (length and zone; cheap enough to ask per value). */
export function looksUtcIso(value: unknown): value is UtcIsoText {
  return typeof value === 'string' && value.length === 24 && value.charCodeAt(10) === 84 && value.charCodeAt(23) === 90;
}
