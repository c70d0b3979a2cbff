import zlib from 'node:zlib';
import {
  sniffBam,
  sniffBcf,
  sniffBigBed,
  sniffBigWig,
  sniffGeminiSqlite,
  sniffSff,
  sniffSqlite,
  sniffSra,
  sniffTwoBit,
  sniffXlsx,
} from '../../../../src/datatypes/sniff/binary';
import { detectCompression, gunzipPrefix } from '../../../../src/datatypes/sniff/compression';
import { input } from './helpers';

const padded = (head: Buffer | string, size = 64): Buffer => {
  const out = Buffer.alloc(size);
  (typeof head === 'string' ? Buffer.from(head, 'latin1') : head).copy(out);
  return out;
};

/** A minimal stored (uncompressed) zip with one entry. */
function zipWith(name: string, content: string): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt32LE(content.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name), Buffer.from(content)]);
}

describe('sniffBam', () => {
  it('recognises BGZF data starting with BAM\\1', () => {
    expect(sniffBam(input(zlib.gzipSync(Buffer.from('BAM\x01\x00\x00\x00\x00', 'latin1'))))).toBe(true);
  });
  it('rejects other gzip content and plain bytes', () => {
    expect(sniffBam(input(zlib.gzipSync(Buffer.from('hello'))))).toBe(false);
    expect(sniffBam(input('BAM\x01'))).toBe(false);
  });
});

describe('sniffBcf', () => {
  it('recognises BGZF data starting with BCF', () => {
    expect(sniffBcf(input(zlib.gzipSync(Buffer.from('BCF\x02\x02'))))).toBe(true);
    expect(sniffBcf(input(zlib.gzipSync(Buffer.from('BAM\x01'))))).toBe(false);
  });
});

describe('sniffSff / sniffSra', () => {
  it('recognise their magic strings', () => {
    expect(sniffSff(input(padded('.sff\x00\x00\x00\x01')))).toBe(true);
    expect(sniffSra(input(padded('NCBI.sra')))).toBe(true);
  });
  it('reject anything else', () => {
    expect(sniffSff(input('sff file'))).toBe(false);
    expect(sniffSra(input('NCBI'))).toBe(false);
  });
});

describe('sniffTwoBit', () => {
  it('accepts the magic in either byte order on files of 16 bytes or more', () => {
    expect(sniffTwoBit(input(padded(Buffer.from([0x1a, 0x41, 0x27, 0x43]), 16)))).toBe(true);
    expect(sniffTwoBit(input(padded(Buffer.from([0x43, 0x27, 0x41, 0x1a]), 16)))).toBe(true);
  });
  it('rejects short files and other magics', () => {
    expect(sniffTwoBit(input(padded(Buffer.from([0x1a, 0x41, 0x27, 0x43]), 12)))).toBe(false);
    expect(sniffTwoBit(input(padded('abcd', 16)))).toBe(false);
  });
});

describe('sniffSqlite / sniffGeminiSqlite', () => {
  const sqlite = (schema: string) => padded(`SQLite format 3\0${schema}`, 4096);
  const gemini = ['gene_detailed', 'gene_summary', 'resources', 'sample_genotype_counts', 'sample_genotypes', 'samples', 'variant_impacts', 'variants', 'version']
    .map((t) => `CREATE TABLE ${t} (id integer)`)
    .join(' ');

  it('recognises an SQLite 3 header', () => {
    expect(sniffSqlite(input(sqlite('')))).toBe(true);
    expect(sniffSqlite(input('SQLite format 2'))).toBe(false);
  });
  it('recognises GEMINI databases by their tables', () => {
    expect(sniffGeminiSqlite(input(sqlite(gemini)))).toBe(true);
    expect(sniffGeminiSqlite(input(sqlite('CREATE TABLE variants (id integer)')))).toBe(false);
  });
});

describe('sniffBigWig / sniffBigBed', () => {
  it('read a little-endian magic', () => {
    const magic = (n: number) => {
      const b = Buffer.alloc(64);
      b.writeUInt32LE(n, 0);
      return b;
    };
    expect(sniffBigWig(input(magic(0x888ffc26)))).toBe(true);
    expect(sniffBigBed(input(magic(0x8789f2eb)))).toBe(true);
    expect(sniffBigWig(input(magic(0x8789f2eb)))).toBe(false);
  });
});

describe('sniffXlsx', () => {
  it('recognises a zip whose content types declare a spreadsheet', () => {
    const types = '<Types><Override ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';
    expect(sniffXlsx(input(zipWith('[Content_Types].xml', types)))).toBe(true);
  });
  it('rejects other zips', () => {
    expect(sniffXlsx(input(zipWith('[Content_Types].xml', '<Types/>')))).toBe(false);
    expect(sniffXlsx(input(zipWith('readme.txt', 'hello')))).toBe(false);
  });
});

describe('detectCompression / gunzipPrefix', () => {
  it('names gzip, bz2 and zip content', () => {
    expect(detectCompression(zlib.gzipSync(Buffer.from('x')))).toBe('gzip');
    expect(detectCompression(Buffer.from('BZh91AY&SY'))).toBe('bz2');
    expect(detectCompression(zipWith('a', 'b'))).toBe('zip');
    expect(detectCompression(Buffer.from('plain'))).toBeNull();
  });
  it('decompresses the start of a truncated gzip stream', () => {
    const text = 'line\n'.repeat(100000);
    const gz = zlib.gzipSync(Buffer.from(text));
    const prefix = gunzipPrefix(gz.subarray(0, 200));
    expect(prefix?.toString().startsWith('line\nline\n')).toBe(true);
  });
  it('caps the output to what sniffing uses (1 MiB)', () => {
    const gz = zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024, 'a'));
    expect(gunzipPrefix(gz)?.length).toBe(1024 * 1024);
  });
  it('returns undefined for non-gzip bytes', () => {
    expect(gunzipPrefix(Buffer.from('nope'))).toBeUndefined();
  });
});
