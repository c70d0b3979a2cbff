import { IdCodec, IdDecodeError } from '../../src/ids/id-codec';

const platformDefault = new IdCodec('USING THE DEFAULT IS NOT SECURE!');

describe('encoded ids (platform-facts §2.1)', () => {
  it.each([
    [1, 'f2db41e1fa331b3e'],
    [2, 'f597429621d6eb2b'],
    [3, '1cd8e2f6b131e891'],
    [10, '03501d7626bd192f'],
    [42, 'f7bb1edd6b95db62'],
    [100, '84ffe6fca6c4fbda'],
    [1234567, '61b95be668296305'],
    [12345678, 'c6ca0ddb55be603a76ca7b1c3af82659'],
  ])('encodes %i with the default secret as %s and decodes it back', (id, encoded) => {
    expect(platformDefault.encode(id)).toBe(encoded);
    expect(platformDefault.decode(encoded)).toBe(id);
  });

  it('uses a per-kind key for job_key (jobs_files)', () => {
    expect([1, 2, 3].map((id) => platformDefault.encode(id, 'jobs_files'))).toEqual(['b8f0f843385dfc76', 'e8b0a382c629ea6f', 'f5d4854cfc469af0']);
    expect(platformDefault.decode('b8f0f843385dfc76', 'jobs_files')).toBe(1);
  });

  it('depends on the secret', () => {
    const depot = new IdCodec('changethisinproductiontoo');
    expect([depot.encode(1), depot.encode(2)]).toEqual(['adb5f5c93f827949', '529fd61ab1c6cc36']);
  });

  it.each(['1234567890123456', 'abc', 'f2db41e1fa331b3', 'zzzzzzzzzzzzzzzz', '', 'F2DB41E1FA331B3E0'])('refuses %j', (text) => {
    expect(() => platformDefault.decode(text)).toThrow(IdDecodeError);
  });

  it('round-trips session guids as 80 hex characters', () => {
    const guid = '0123456789abcdef0123456789abcdef';
    const cookie = platformDefault.encodeGuid(guid);
    expect(cookie).toMatch(/^[0-9a-f]{80}$/);
    expect(platformDefault.decodeGuid(cookie)).toBe(guid);
  });
});

describe('ids encoded again are taken from a table of fixed size', () => {
  const reference = (id: number) => new IdCodec('USING THE DEFAULT IS NOT SECURE!').encode(id);

  it('answers the same text for ids sharing a slot (65,536 apart), whatever the order', () => {
    const codec = new IdCodec('USING THE DEFAULT IS NOT SECURE!');
    const ids = [5, 5 + 65_536, 5, 5 + 2 * 65_536, 5 + 65_536, 2 ** 40 + 5, 5];
    expect(ids.map((id) => codec.encode(id))).toEqual(ids.map(reference));
  });

  it('refuses what is not an id every time (a refusal takes no slot)', () => {
    const codec = new IdCodec('USING THE DEFAULT IS NOT SECURE!');
    for (const id of [-1, -65_537, 1.5, Number.NaN, 2 ** 53]) {
      expect(() => codec.encode(id)).toThrow(IdDecodeError);
      expect(() => codec.encode(id)).toThrow(IdDecodeError);
    }
    expect(codec.encode(0)).toBe(reference(0));
  });
});
