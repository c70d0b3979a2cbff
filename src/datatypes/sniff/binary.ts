import { gunzipPrefix, isZip, zipEntries } from './compression';
import type { SniffInput } from './input';

/** Binary formats recognised by their first bytes, as the platform's binary datatypes do. */

const ascii = (bytes: Buffer, start: number, text: string): boolean =>
  bytes.length >= start + text.length && bytes.toString('latin1', start, start + text.length) === text;

/** 2bit: 16-byte header starting with 0x1A412743 (either byte order). */
export function sniffTwoBit(input: SniffInput): boolean {
  if (input.totalSize < 16 || input.bytes.length < 4) return false;
  const magic = input.bytes.readUInt32BE(0);
  return magic === 0x1a412743 || magic === 0x4327411a;
}

/** SQLite 3 database: "SQLite format 3\0". */
export const sniffSqlite = (input: SniffInput): boolean => ascii(input.bytes, 0, 'SQLite format 3\0');

const GEMINI_TABLES = [
  'gene_detailed',
  'gene_summary',
  'resources',
  'sample_genotype_counts',
  'sample_genotypes',
  'samples',
  'variant_impacts',
  'variants',
  'version',
];

/**
 * GEMINI database: SQLite with all GEMINI tables. The platform lists the tables with SQL; without an
 * SQLite engine we look for their CREATE TABLE statements, which the schema pages at the start of
 * the file hold.
 */
export function sniffGeminiSqlite(input: SniffInput): boolean {
  if (!sniffSqlite(input)) return false;
  const text = input.bytes.toString('latin1');
  return GEMINI_TABLES.every((table) => new RegExp(`CREATE TABLE\\s+["'\`\\[]?${table}["'\`\\]]?\\s*\\(`, 'i').test(text));
}

/** First bytes of a gzip/BGZF stream once decompressed. */
function gzipStartsWith(input: SniffInput, text: string): boolean {
  const inner = gunzipPrefix(input.bytes, 16);
  return inner !== undefined && ascii(inner, 0, text);
}

/** BAM: BGZF-compressed, decompressing to "BAM\1". */
export const sniffBam = (input: SniffInput): boolean => gzipStartsWith(input, 'BAM\x01');

/** BCF: BGZF-compressed, decompressing to "BCF". */
export const sniffBcf = (input: SniffInput): boolean => gzipStartsWith(input, 'BCF');

/** SFF: ".sff". */
export const sniffSff = (input: SniffInput): boolean => ascii(input.bytes, 0, '.sff');

/** NCBI SRA archive: "NCBI.sra". */
export const sniffSra = (input: SniffInput): boolean => ascii(input.bytes, 0, 'NCBI.sra');

/** UCSC bigWig / bigBed: a native-order (little-endian here, as on the platform's hosts) magic. */
const uint32Magic = (input: SniffInput, magic: number): boolean =>
  input.bytes.length >= 4 && input.bytes.readUInt32LE(0) === magic;
export const sniffBigWig = (input: SniffInput): boolean => uint32Magic(input, 0x888ffc26);
export const sniffBigBed = (input: SniffInput): boolean => uint32Magic(input, 0x8789f2eb);

const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

/** Excel 2007+: a zip whose [Content_Types].xml declares a spreadsheet. */
export function sniffXlsx(input: SniffInput): boolean {
  if (!isZip(input.bytes)) return false;
  for (const entry of zipEntries(input.bytes)) {
    if (entry.name === '[Content_Types].xml') return entry.content()?.toString('utf8').includes(XLSX_CONTENT_TYPE) ?? false;
  }
  return false;
}
