import { jsonString, jsonValue } from '../../rest-shim/serializers/json-text';

describe('jsonString and jsonValue write what JSON.stringify writes', () => {
  const strings = [
    '', 'plain', 'dataset 0000001.txt', '/folder/sub folder/file.txt', 'quote " inside', 'back\\slash', 'tab\there', 'new\nline', '\u0000\u001f',
    'ünïcödé ✓', 'emoji 😀 pair', 'lone \ud800 high', 'lone \udc00 low', '\u2028\u2029', '</script>',
  ];

  it.each(strings)('writes the string %j as JSON.stringify does', (value) => {
    expect(jsonString(value)).toBe(JSON.stringify(value));
    expect(jsonValue(value)).toBe(JSON.stringify(value));
  });

  it('writes booleans, null, numbers and other values as JSON.stringify does (undefined as null)', () => {
    for (const value of [true, false, null, 0, -1, 1.5, 1e21, 12345678901, Number.NaN, Number.POSITIVE_INFINITY, [1, 'a'], { a: 1 }]) {
      expect(jsonValue(value)).toBe(JSON.stringify(value));
    }
    expect(jsonValue(undefined)).toBe('null');
  });
});
