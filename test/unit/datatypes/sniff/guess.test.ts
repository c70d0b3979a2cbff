import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadDatatypesRegistry } from '../../../../src/datatypes/registry';
import { sniffBuffer, sniffDetailed, sniffFile, sniffFileDetailed } from '../../../../src/datatypes/sniff/guess';
import { SNIFFERS } from '../../../../src/datatypes/sniff/sniffers';
import { lines, tsv } from './helpers';

const sniff = (text: string, options = {}) => sniffBuffer(Buffer.from(text, 'latin1'), options);

describe('sniffer table', () => {
  const registry = loadDatatypesRegistry();
  it('implements every sniffer of the registry', () => {
    expect(registry.sniffers().filter((name) => !SNIFFERS[name])).toEqual([]);
  });
  it('reports registered extensions whose class is the sniffer class', () => {
    for (const [name, entry] of Object.entries(SNIFFERS)) {
      expect(registry.datatype(entry.ext)?.classRef).toBe(name);
    }
  });
});

describe('sniffBuffer (the platform guess_ext examples)', () => {
  it.each<[string, string]>([
    ['tabular', 'a\t2\nc\t1\nd\t0'],
    ['txt', 'a 1 2 x\nb 3 4 y\nc 5 6 z'],
    ['interval', lines('#chrom\tstart\tend\tname', tsv('1', 100, 200, 'a'), tsv('2', 300, 400, 'b'))],
    ['bed', lines(tsv('chr1', 147962192, 147962580, 'CCDS989.1_cds_0_0_chr1_147962193_r', 0, '-'), tsv('chr1', 147984545, 147984630, 'CCDS990.1_cds_0_0_chr1_147984546_f', 0, '+'))],
    ['maf', lines('##maf version=1', 'a score=23262.0', 's hg16.chr7 27578828 38 + 158545518 AAA-GGGAATGTTAACCAAATGA---ATTGTCTCTTACGGTG')],
    ['fasta', lines('>hg17', 'GTATTGTAAAACTATGTTATTGGTCC')],
    ['html', lines('<html>', '<body>hi</body>', '</html>')],
    ['gtf', lines(tsv('chr1', 'hg', 'exon', 10, 20, '.', '+', '.', 'gene_id "a"; transcript_id "b";'), tsv('chr1', 'hg', 'exon', 30, 40, '.', '+', '.', 'gene_id "a"; transcript_id "b";'))],
    ['gff', lines('##gff-version 2', tsv('chr1', 'hg', 'exon', 10, 20, '.', '+', '.', 'grp1'), tsv('chr1', 'hg', 'exon', 30, 40, '.', '+', '.', 'grp1'))],
    ['gff3', lines('##gff-version 3', tsv('ctg1', 'src', 'gene', 1, 9, '.', '+', '.', 'ID=g'))],
    ['lav', lines('#:lav', 's {', '  "seq1" 1 100 0 1', '}')],
  ])('%s', (ext, text) => expect(sniff(text)).toBe(ext));
});

describe('sniffBuffer (common formats)', () => {
  it('detects VCF before anything else', () => {
    expect(sniff(lines('##fileformat=VCFv4.2', '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO', tsv('chr1', 10, '.', 'A', 'G', 50, 'PASS', '.')))).toBe('vcf');
  });
  it('detects SAM', () => {
    expect(sniff(lines('@HD\tVN:1.0', tsv('r1', 0, 'chr1', 100, 60, '4M', '*', 0, 0, 'ACGT', 'IIII')))).toBe('sam');
  });
  it('reports FASTQ as generic fastq, like the platform, unless asked to refine', () => {
    const fastq = lines('@r1', 'ACGT', '+', 'II#I');
    expect(sniff(fastq)).toBe('fastq');
    expect(sniff(fastq, { refineFastq: true })).toBe('fastqsanger');
    expect(sniff(lines('@r1', 'ACGT', '+', 'hhhh'), { refineFastq: true })).toBe('fastq');
  });
  it('detects JSON and XML, Owl before generic XML', () => {
    expect(sniff('{"a": 1}\n')).toBe('json');
    expect(sniff(lines('<?xml version="1.0"?>', '<root/>'))).toBe('xml');
    expect(sniff(lines('<?xml version="1.0"?>', '<rdf:RDF>', '<owl:Class/>'))).toBe('owl');
  });
  it('falls back to tabular for other tab-separated columns, the first line being allowed as a header', () => {
    expect(sniff(lines('name\tvalue\tnote', 'a\tone\tx', 'b\ttwo\ty'))).toBe('tabular');
    expect(sniff(lines('title', 'a\tone', 'b\ttwo'))).toBe('tabular');
  });
  it('reports CSV as text unless CSV detection is asked for', () => {
    const csv = lines('name,age', 'ann,3', 'bob,4');
    expect(sniff(csv)).toBe('txt');
    expect(sniff(csv, { detectCsv: true })).toBe('csv');
  });
  it('reports plain text, empty content and unknown binary', () => {
    expect(sniff('just some words\nand more\n')).toBe('txt');
    expect(sniff('')).toBe('txt');
    expect(sniffBuffer(Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0x10]))).toBe('data');
  });
  it('detects images and binary formats by their magic', () => {
    expect(sniffBuffer(Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64)]))).toBe('png');
    expect(sniffBuffer(zlib.gzipSync(Buffer.from('BAM\x01\x00\x00\x00\x00', 'latin1')))).toBe('bam');
    expect(sniffBuffer(Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(100)]))).toBe('sqlite');
    expect(sniffBuffer(Buffer.concat([Buffer.from('.sff', 'latin1'), Buffer.alloc(60)]))).toBe('sff');
  });
});

describe('sniffDetailed (compressed content)', () => {
  it('looks inside gzip and reports the compression', () => {
    expect(sniffDetailed(zlib.gzipSync(Buffer.from(lines('>s1', 'ACGT'))))).toEqual({ ext: 'fasta', compression: 'gzip', binary: false });
  });
  it('does not look inside bz2 or zip', () => {
    expect(sniffDetailed(Buffer.from('BZh91AY&SY\x00\x01', 'latin1'))).toEqual({ ext: 'data', compression: 'bz2', binary: true });
  });
  it('keeps BAM, a gzip-based format, as bam', () => {
    expect(sniffDetailed(zlib.gzipSync(Buffer.from('BAM\x01', 'latin1')))).toEqual({ ext: 'bam', compression: null, binary: true });
  });
});

describe('sniffDetailed (binary content)', () => {
  it('tells binary content a text sniffer recognised (the upload keeps its bytes)', () => {
    const fastaLike = Buffer.concat([Buffer.from('>seq1\nACGT\n'), Buffer.from([0, 1, 0xff, 10])]);
    expect(sniffDetailed(fastaLike)).toEqual({ ext: 'fasta', compression: null, binary: true });
    expect(sniffDetailed(Buffer.from('>seq1\nACGT\n'))).toEqual({ ext: 'fasta', compression: null, binary: false });
  });
});

describe('sniffFile', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sniff-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sniffs a file from its start', async () => {
    const file = path.join(dir, 'reads.fastq');
    writeFileSync(file, lines('@r1', 'ACGT', '+', 'IIII'));
    await expect(sniffFile(file)).resolves.toBe('fastq');
  });

  it('reads only the start of a large file and ignores the cut last line', async () => {
    const file = path.join(dir, 'big.bed');
    writeFileSync(file, lines(...Array.from({ length: 20000 }, (_, i) => tsv('chr1', i * 10, i * 10 + 5, `f${i}`, 0, '+'))));
    await expect(sniffFileDetailed(file)).resolves.toEqual({ ext: 'bed', compression: null, binary: false });
  });

  it('reads further when the first lines are longer than the window', async () => {
    const file = path.join(dir, 'long.fasta');
    writeFileSync(file, lines('>s1', 'A'.repeat(100000), '>s2', 'C'.repeat(100000)));
    await expect(sniffFile(file)).resolves.toBe('fasta');
  });

  it('handles Windows line endings like the upload tool', async () => {
    const file = path.join(dir, 'crlf.tab');
    writeFileSync(file, 'a\t1\r\nb\t2\r\nc\t3\r\n');
    await expect(sniffFile(file)).resolves.toBe('tabular');
  });
});

describe('sniffBuffer (content larger than the sniff window)', () => {
  it('judges a single very long line by what it sees', () => {
    const json = `{"values": [${Array.from({ length: 30000 }, (_, i) => i).join(', ')}]}`;
    expect(sniffBuffer(Buffer.from(json).subarray(0, 65536), { totalSize: json.length })).toBe('json');
  });
  it('looks past the window to see the first lines whole', () => {
    const fasta = lines('>s1', 'A'.repeat(70000), '>s2', 'C'.repeat(70000));
    expect(sniffBuffer(Buffer.from(fasta))).toBe('fasta');
  });
  it('ignores a line cut at the end of what it was given', () => {
    const tab = lines(...Array.from({ length: 10000 }, (_, i) => tsv(`row${i}`, i)));
    expect(sniffBuffer(Buffer.from(tab).subarray(0, 70001), { totalSize: tab.length })).toBe('tabular');
  });
});
