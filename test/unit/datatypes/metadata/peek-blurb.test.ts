import { blurb } from '../../../../src/datatypes/metadata/blurb';
import { filePeek, peek } from '../../../../src/datatypes/metadata/peek';
import { lines, scratch, tsv } from './helpers';

const files = scratch();
afterAll(() => files.cleanup());

describe('filePeek', () => {
  it('joins five reads with newlines, each keeping its own', () => {
    expect(filePeek(Buffer.from(lines('a', 'b', 'c', 'd', 'e', 'f')))).toBe('a\n\nb\n\nc\n\nd\n\ne\n');
  });
  it('adds empty reads past the end of a short file', () => {
    expect(filePeek(Buffer.from(lines('a', 'b')))).toBe('a\n\nb\n\n\n\n');
  });
  it('cuts long lines into reads of 256 characters', () => {
    const peeked = filePeek(Buffer.from(`${'x'.repeat(600)}\n`));
    expect(peeked.split('\n').map((p) => p.length)).toEqual([256, 256, 88, 0, 0, 0]);
  });
  it('reports gzip and binary content instead of showing it', () => {
    expect(filePeek(Buffer.from([0x1f, 0x8b, 8, 0]))).toBe('gzipped file');
    expect(filePeek(Buffer.from([0x41, 0xff, 0xfe, 0x0a]))).toBe('binary file');
  });
  it('shows UTF-8 text', () => {
    expect(filePeek(Buffer.from('café\n', 'utf8')).startsWith('café\n')).toBe(true);
  });
  it('converts Windows line endings', () => {
    expect(filePeek(Buffer.from('a\r\nb\r\n'))).toBe('a\n\nb\n\n\n\n');
  });
});

describe('peek', () => {
  it('shows the first lines of text datatypes', async () => {
    await expect(peek('bed', files.file('a.bed', lines(tsv('chr1', 1, 2))))).resolves.toBe('chr1\t1\t2\n\n\n\n\n');
  });
  it('uses fixed texts for binary, image and HTML datatypes', async () => {
    const bin = files.file('x.bin', Buffer.from([1, 2, 3]));
    await expect(peek('bam', bin)).resolves.toBe('Binary bam alignments file');
    await expect(peek('h5', bin)).resolves.toBe('binary data');
    await expect(peek('png', bin)).resolves.toBe('Image in png format');
    await expect(peek('html', bin)).resolves.toBe('HTML file');
    await expect(peek('data', bin)).resolves.toBe('');
  });
  it('is null for an empty file', async () => {
    await expect(peek('txt', files.file('empty.txt', ''))).resolves.toBeNull();
  });
});

describe('blurb', () => {
  it('says "empty" for an empty file', () => {
    expect(blurb('txt', {}, 0)).toBe('empty');
  });
  it('counts lines of text, singular for one', () => {
    expect(blurb('txt', { data_lines: 3 }, 10)).toBe('3 lines');
    expect(blurb('txt', { data_lines: 1 }, 10)).toBe('1 line');
    expect(blurb('txt', { data_lines: 1234567 }, 10)).toBe('1,234,567 lines');
  });
  it('adds comments for tabular data and calls interval lines regions', () => {
    expect(blurb('tabular', { data_lines: 5, comment_lines: 2 }, 10)).toBe('5 lines, 2 comments');
    expect(blurb('tabular', { data_lines: 5, comment_lines: 0 }, 10)).toBe('5 lines');
    expect(blurb('bed', { data_lines: 2, comment_lines: 1 }, 10)).toBe('2 regions, 1 comments');
    expect(blurb('pileup', { data_lines: 1 }, 10)).toBe('1 genomic coordinate');
  });
  it('counts sequences with the platform wording', () => {
    expect(blurb('fasta', { sequences: 5 }, 10)).toBe('5 sequences');
    expect(blurb('fastqsanger', { sequences: 1 }, 10)).toBe('1 sequences');
    expect(blurb('fasta', { sequences: 0 }, 2048)).toBe('2.0 KB');
  });
  it('gives the size of binary data and "data" for other non-text data', () => {
    expect(blurb('bam', {}, 1536)).toBe('1.5 KB');
    expect(blurb('png', {}, 100)).toBe('100 bytes');
    expect(blurb('data', {}, 100)).toBe('data');
  });
  it('names JSON and XML', () => {
    expect(blurb('json', { data_lines: 1 }, 10)).toBe('JavaScript Object Notation (JSON)');
    expect(blurb('xml', { data_lines: 1 }, 10)).toBe('XML data');
  });
  it('uses an estimate when the line count is unknown', () => {
    expect(blurb('tabular', { data_lines: null }, 10, { estimatedLines: 2000 })).toBe('~2,000 lines');
    expect(blurb('tabular', { data_lines: null }, 4096)).toBe('4.0 KB');
  });
});
