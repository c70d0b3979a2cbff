import { types } from 'pg';
import { getTypeParserWithTimestamptz, parseTimestamptz, TIMESTAMPTZ_OID } from '../../../src/db/sql/timestamptz-text';

const pgParse = types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => unknown;
const same = (text: string) => {
  const mine = parseTimestamptz(text);
  const theirs = pgParse(text);
  if (theirs instanceof Date) {
    expect(mine).toBeInstanceOf(Date);
    expect((mine as Date).getTime()).toBe(theirs.getTime());
  } else expect(mine).toEqual(theirs);
};

describe('timestamps with a zone read as pg reads them', () => {
  it('gives the same instant for what a UTC session writes: whole seconds and one to six fraction digits', () => {
    for (const text of ['2015-06-01 15:04:05+00', '2015-06-01 15:04:05.1+00', '2015-06-01 15:04:05.12+00', '2015-06-01 15:04:05.123+00', '2026-11-28 14:51:22.413+00', '2026-11-28 14:51:22.4139+00', '2026-11-28 23:59:59.999999+00', '2000-02-29 00:00:00.000001+00', '1970-01-01 00:00:00+00']) same(text);
  });

  it('cuts microseconds to milliseconds exactly as pg does, for every fraction', () => {
    for (let micros = 0; micros < 1_000_000; micros += 997) same(`2015-06-01 15:04:05.${String(micros).padStart(6, '0')}+00`);
  });

  it('gives the same instant on every kind of day: month ends, leap days, centuries', () => {
    const start = Date.UTC(1599, 0, 1);
    for (let ms = start; ms < Date.UTC(2401, 0, 1); ms += 86_400_000 * 13 + 3_723_456) {
      const iso = new Date(ms).toISOString();
      same(`${iso.slice(0, 10)} ${iso.slice(11, 23)}+00`);
    }
    for (const day of ['2000-02-29', '1900-02-28', '1900-03-01', '2100-03-01', '2024-12-31', '2025-01-01']) same(`${day} 23:59:59.999+00`);
  });

  it('keeps years before 100 and before 1000', () => {
    for (const text of ['0001-01-01 00:00:00+00', '0099-12-31 23:59:59.5+00', '0999-03-04 05:06:07.08+00']) same(text);
  });

  it('leaves any other text to pg: other zones, BC, infinity, a broken value', () => {
    for (const text of ['2015-06-01 15:04:05+02', '2015-06-01 15:04:05.5-05:30', '0044-03-15 12:00:00+00 BC', 'infinity', '-infinity', '2015-06-01 15:04:05.+00', '2015-06-01 15:04:05.1234567+00', '2015-06-01T15:04:05+00', '20x5-06-01 15:04:05+00']) same(text);
  });

  it('is the parser of timestamptz text only: every other type keeps pg’s', () => {
    expect(getTypeParserWithTimestamptz(TIMESTAMPTZ_OID, 'text')).toBe(parseTimestamptz);
    expect(getTypeParserWithTimestamptz(TIMESTAMPTZ_OID)).toBe(parseTimestamptz);
    expect(getTypeParserWithTimestamptz(1114, 'text')).toBe(types.getTypeParser(1114, 'text'));
    expect(getTypeParserWithTimestamptz(23, 'text')).toBe(types.getTypeParser(23, 'text'));
  });
});
