import { asBool, stringAsBool } from '../../src/format/booleans';
import { niceSize } from '../../src/format/nice-size';
import { pythonText } from '../../src/format/python-text';
import { parseQuotaAmount } from '../../src/format/quota-amount';
import { isoformat, libraryTimestamp, pythonStr, utcIsoText } from '../../src/format/timestamps';

describe('nice_size (platform-facts §5.2)', () => {
  it.each<[unknown, string]>([
    [0, '0 bytes'],
    [1, '1 bytes'],
    [1023, '1023 bytes'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10000, '9.8 KB'],
    [1000000, '976.6 KB'],
    [1048575, '1024.0 KB'],
    [1048576, '1.0 MB'],
    [100000000, '95.4 MB'],
    [1073741824, '1.0 GB'],
    [10737418240, '10.0 GB'],
    [1099511627776, '1.0 TB'],
    [1024 ** 5, '??? bytes'],
    [-2048, '-2.0 KB'],
    [1.5, '1 bytes'],
    ['abc', '??? bytes'],
  ])('%p -> %s', (input, output) => expect(niceSize(input)).toBe(output));
});

describe('quota amounts (platform-facts §5.5)', () => {
  it.each<[string, number | undefined]>([
    ['unlimited', -1],
    ['None', -1],
    ['no limit', -1],
    ['1024', 1024],
    ['10 GB', 10 * 1024 ** 3],
    ['10GB', 10 * 1024 ** 3],
    ['10 g', 10 * 1024 ** 3],
    ['0.5 Gb', 512 * 1024 ** 2],
    ['1.5 TB', 1649267441664],
    ['100k', 102400],
    ['12 bytes', 12],
    ['lots', undefined],
    ['10 XB', undefined],
    ['1..5 gb', undefined],
    ['99999999999 tb', undefined],
    ['99999999999999999999999', undefined],
  ])('%s -> %p', (input, output) => expect(parseQuotaAmount(input)).toBe(output));
});

describe('boolean parameters (platform-facts §5.6)', () => {
  it('string_as_bool accepts true/yes/on only', () => {
    expect(['true', 'True', 'YES', 'on'].map((v) => stringAsBool(v))).toEqual([true, true, true, true]);
    expect(['1', 'false', 'x', ''].map((v) => stringAsBool(v))).toEqual([false, false, false, false]);
    expect(stringAsBool(undefined, true)).toBe(true);
  });

  it('asbool is strict', () => {
    expect(asBool('t')).toBe(true);
    expect(asBool('0')).toBe(false);
    expect(asBool('x')).toBeUndefined();
  });
});

describe('timestamps', () => {
  const date = new Date(Date.UTC(2015, 5, 1, 15, 4, 5, 120));
  it('isoformat has no zone and shows microseconds only when present', () => {
    expect(isoformat(date)).toBe('2015-06-01T15:04:05.120000');
    expect(isoformat(new Date(Date.UTC(2015, 5, 1, 15, 4, 5)))).toBe('2015-06-01T15:04:05');
    expect(pythonStr(date)).toBe('2015-06-01 15:04:05.120000');
  });

  it('library timestamps use a 12-hour clock', () => {
    expect(libraryTimestamp(date)).toBe('2015-06-01 03:04 PM');
    expect(libraryTimestamp(new Date(Date.UTC(2015, 5, 1, 0, 7)))).toBe('2015-06-01 12:07 AM');
  });

  it('utcIsoText writes what toISOString writes, leap days, the years 0-9999 and beyond included', () => {
    const edges = [0, -1, 951_782_400_000, 4_107_542_399_999, -62_167_219_200_000, -62_167_219_200_001, 253_402_300_799_999, 253_402_300_800_000, 1.5, -0.5];
    const spread = Array.from({ length: 20_000 }, (_, i) => -70_000_000_000_000 + i * 16_777_259_123.7);
    for (const ms of [...edges, ...spread]) expect(utcIsoText(ms)).toBe(new Date(ms).toISOString());
    expect(() => utcIsoText(Number.NaN)).toThrow(RangeError);
  });
});

/** What the platform's `'%s' % value` prints for a value decoded from JSON (its refusals echo it). */
describe('values printed as the platform prints them', () => {
  it.each<[unknown, string]>([
    ['request_state', 'request_state'],
    [['request_state'], "[u'request_state']"],
    [['a', 1, null, true, false], "[u'a', 1, None, True, False]"],
    [{ k: ['v'], n: { m: 2.5 } }, "{u'k': [u'v'], u'n': {u'm': 2.5}}"],
    [[], '[]'],
    [{}, '{}'],
    [null, 'None'],
    [true, 'True'],
    [7, '7'],
    [0.1, '0.1'],
    [1.5e-7, '1.5e-07'],
    [[1e16 + 0.5], '[10000000000000000]'],
    [["it's"], '[u"it\'s"]'],
    [['both \' and "'], "[u'both \\' and \"']"],
    [['tab\tnew\nline\\'], "[u'tab\\tnew\\nline\\\\']"],
    [['\u0001\u00e9\u20ac\u{1F600}'], "[u'\\x01\\xe9\\u20ac\\U0001f600']"],
  ])('%p -> %s', (value, printed) => expect(pythonText(value)).toBe(printed));

  it('bounds what it prints of a large or deep value', () => {
    const large = pythonText(Array.from({ length: 100_000 }, (_, i) => `item-${i}`));
    expect(large.length).toBeLessThanOrEqual(503);
    expect(large.endsWith('...')).toBe(true);
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(pythonText(deep).length).toBeLessThanOrEqual(503);
  });
});
