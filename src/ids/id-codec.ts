import { Blowfish } from 'egoroof-blowfish';
import { BlowfishIdEncoder, libraryEncode } from './blowfish-id-encoder';

/** Kinds with their own key (`<secret>__<kind>`), as on the original platform. */
export type IdKind = 'default' | 'jobs_files';

export class IdDecodeError extends Error {}

const HEX = /^[0-9a-f]+$/i;
const DIGITS = /^[0-9]+$/;

/**
 * Encoded default-kind ids kept in a table of fixed size, one slot per id modulo its size (a new id
 * takes the slot of the one before it): listings encode the same ids request after request, and the
 * memory is the same from the first big listing on (~3 MB), however many ids a process sees.
 */
const RECENT_SLOTS = 1 << 16;

/**
 * The platform's encoded ids: Blowfish-ECB over the decimal id left-padded with '!' to a multiple
 * of 8 bytes (a full 8 more when already aligned), as lowercase hex. A migrated database keeps its links.
 */
export class IdCodec {
  private readonly recentIds = new Float64Array(RECENT_SLOTS).fill(Number.NaN);
  private readonly recentTexts: string[] = new Array<string>(RECENT_SLOTS).fill('');
  private readonly ciphers = new Map<IdKind, Blowfish>();
  /** Per kind: the fast encoder, or null where the library's encode is used (blowfish-id-encoder.ts). */
  private readonly encoders = new Map<IdKind, BlowfishIdEncoder | null>();

  constructor(private readonly secret: string) {
    if (!secret) throw new Error('ID_SECRET must not be empty');
  }

  encode(id: number, kind: IdKind = 'default'): string {
    if (kind !== 'default') return this.encodeNew(id, kind);
    const slot = id & (RECENT_SLOTS - 1);
    if (this.recentIds[slot] === id) return this.recentTexts[slot];
    const encoded = this.encodeNew(id, kind);
    this.recentIds[slot] = id;
    this.recentTexts[slot] = encoded;
    return encoded;
  }

  private encodeNew(id: number, kind: IdKind): string {
    if (!Number.isSafeInteger(id) || id < 0) throw new IdDecodeError(`cannot encode id ${String(id)}`);
    let encoder = this.encoders.get(kind);
    if (encoder === undefined) {
      encoder = BlowfishIdEncoder.of(this.cipher(kind));
      this.encoders.set(kind, encoder);
    }
    return encoder ? encoder.encode(id) : libraryEncode(this.cipher(kind), id);
  }

  /** Throws IdDecodeError for anything that is not an id this codec issued. */
  decode(encoded: unknown, kind: IdKind = 'default'): number {
    const text = typeof encoded === 'number' ? String(encoded) : encoded;
    if (typeof text !== 'string' || text.length === 0 || text.length % 16 !== 0 || !HEX.test(text)) {
      throw new IdDecodeError(`not an encoded id: ${String(encoded)}`);
    }
    const plain = Buffer.from(this.cipher(kind).decode(Buffer.from(text, 'hex'), Blowfish.TYPE.UINT8_ARRAY)).toString('latin1');
    const digits = plain.replace(/^!+/, '');
    if (!DIGITS.test(digits)) throw new IdDecodeError(`not an encoded id: ${text}`);
    const id = Number(digits);
    if (!Number.isSafeInteger(id)) throw new IdDecodeError(`not an encoded id: ${text}`);
    return id;
  }

  /** The session cookie's form of a 32-hex session key (`encode_guid`): 80 hex characters. */
  encodeGuid(guid: string): string {
    const padded = '!'.repeat(8 - (guid.length % 8)) + guid;
    return Buffer.from(this.cipher('default').encode(padded)).toString('hex');
  }

  decodeGuid(encoded: string): string {
    if (encoded.length === 0 || encoded.length % 16 !== 0 || !HEX.test(encoded)) throw new IdDecodeError('not an encoded guid');
    const plain = Buffer.from(this.cipher('default').decode(Buffer.from(encoded, 'hex'), Blowfish.TYPE.UINT8_ARRAY)).toString('latin1');
    const guid = plain.replace(/^!+/, '');
    if (!/^[0-9a-f]{32}$/.test(guid)) throw new IdDecodeError('not an encoded guid');
    return guid;
  }

  private cipher(kind: IdKind): Blowfish {
    let cipher = this.ciphers.get(kind);
    if (!cipher) {
      const key = kind === 'default' ? this.secret : `${this.secret}__${kind}`;
      cipher = new Blowfish(key, Blowfish.MODE.ECB, Blowfish.PADDING.NULL);
      this.ciphers.set(kind, cipher);
    }
    return cipher;
  }
}
