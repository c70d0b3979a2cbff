import { Blowfish } from 'egoroof-blowfish';
import { BlowfishIdEncoder, libraryEncode } from '../../src/ids/blowfish-id-encoder';

const cipherOf = (key: string) => new Blowfish(key, Blowfish.MODE.ECB, Blowfish.PADDING.NULL);

describe('encoded ids without the library per id (src/ids/blowfish-id-encoder.ts)', () => {
  it.each(['USING THE DEFAULT IS NOT SECURE!', 'USING THE DEFAULT IS NOT SECURE!__jobs_files', 'changethisinproductiontoo', 'k'])(
    "agrees with egoroof-blowfish's own encoding under the key %j, for ids of every length from 1 to 16 digits",
    (key) => {
      const cipher = cipherOf(key);
      const encoder = BlowfishIdEncoder.of(cipher);
      expect(encoder).not.toBeNull();
      let seed = 7;
      const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
      const ids = [0, 1, 9, 10, 99_999_999, 100_000_000, Number.MAX_SAFE_INTEGER];
      for (let digits = 1; digits <= 16; digits += 1) for (let n = 0; n < 200; n += 1) ids.push(Math.min(Number.MAX_SAFE_INTEGER, Math.floor(random() * 10 ** digits)));
      for (const id of ids) expect(encoder?.encode(id)).toBe(libraryEncode(cipher, id));
    },
  );

  it('is not used when the cipher does not hold its key schedule as expected (the library is used instead)', () => {
    expect(BlowfishIdEncoder.of(Object.assign(Object.create(Blowfish.prototype) as Blowfish, { p: [] }))).toBeNull();
    // An encoder that would disagree with the library's own encoding is refused too.
    const disagreeing = Object.assign(cipherOf('k'), { encode: () => new Uint8Array(8) });
    expect(BlowfishIdEncoder.of(disagreeing)).toBeNull();
  });
});
