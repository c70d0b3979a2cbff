import { datasetMetadata } from '../../../../src/datatypes/metadata/dataset-metadata';
import { tabularMetadata } from '../../../../src/datatypes/metadata/tabular';
import { lines, scratch, tsv } from './helpers';

const files = scratch();
afterAll(() => files.cleanup());

describe('tabularMetadata', () => {
  it('types columns as int, float, list or str and counts comments and blank lines', async () => {
    const file = files.file('t.tab', lines('# comment', tsv(1, 1.5, 'a,b', 'x'), '', tsv(2, 'NA', 'c,d', 'y')));
    await expect(tabularMetadata(file)).resolves.toEqual({
      data_lines: 2,
      comment_lines: 2,
      columns: 4,
      column_types: ['int', 'float', 'list', 'str'],
    });
  });

  it('takes an uncommented first line as a header that only fills untyped columns', async () => {
    const file = files.file('h.tab', lines(tsv('id', 'score', 'extra'), tsv(1, 2.5), tsv(2, 3)));
    await expect(tabularMetadata(file)).resolves.toMatchObject({ data_lines: 3, columns: 3, column_types: ['int', 'float', 'str'] });
  });

  it('widens a column to the most general type seen', async () => {
    const file = files.file('w.tab', lines(tsv('h1', 'h2'), tsv(1, 2), tsv(1.5, 'x')));
    await expect(tabularMetadata(file)).resolves.toMatchObject({ column_types: ['float', 'str'] });
  });

  it('leaves line counts unknown when it stops before the end', async () => {
    const file = files.file('big.tab', lines(...Array.from({ length: 10 }, (_, i) => tsv(i, i))));
    await expect(tabularMetadata(file, { maxDataLines: 5 })).resolves.toMatchObject({ data_lines: null, comment_lines: null, columns: 2 });
    await expect(tabularMetadata(file, { maxDataLines: 10 })).resolves.toMatchObject({ data_lines: 10, comment_lines: 0 });
  });

  it('gives one str column for an empty file', async () => {
    await expect(tabularMetadata(files.file('empty.tab', ''))).resolves.toEqual({ data_lines: 0, comment_lines: 0, columns: 1, column_types: ['str'] });
  });
});

describe('datasetMetadata', () => {
  it('bed: tabular metadata plus chrom/start/end, name and strand columns', async () => {
    const file = files.file('a.bed', lines('track name=x', tsv('chr1', 10, 20, 'a', 0, '+'), tsv('chr1', 30, 40, 'b', 0, '-')));
    await expect(datasetMetadata('bed', file)).resolves.toEqual({
      data_lines: 2,
      comment_lines: 1,
      columns: 6,
      column_types: ['str', 'int', 'int', 'str', 'int', 'str'],
      chromCol: 1,
      startCol: 2,
      endCol: 3,
      nameCol: 4,
      strandCol: 6,
    });
  });

  it('bed without strand: strand column 0', async () => {
    const file = files.file('b.bed', lines(tsv('chr1', 10, 20), tsv('chr2', 5, 6)));
    await expect(datasetMetadata('bed', file)).resolves.toMatchObject({ columns: 3, strandCol: 0, nameCol: null });
  });

  it('interval: columns named by a "#" header', async () => {
    const file = files.file('i.interval', lines('#name\tchrom\tstart\tend\tstrand', tsv('g1', 'chr1', 1, 5, '+')));
    await expect(datasetMetadata('interval', file)).resolves.toMatchObject({
      data_lines: 1,
      comment_lines: 1,
      columns: 5,
      chromCol: 2,
      startCol: 3,
      endCol: 4,
      strandCol: 5,
      nameCol: 1,
    });
  });

  it('interval: columns guessed from the first chromosome line', async () => {
    const file = files.file('j.interval', lines(tsv('chr1', 1, 5, 'x', 0, '-'), tsv('chr1', 7, 9, 'y', 0, '+')));
    await expect(datasetMetadata('interval', file)).resolves.toMatchObject({ chromCol: 1, startCol: 2, endCol: 3, strandCol: 6 });
  });

  it('gff: attribute names and types, then tabular metadata', async () => {
    const file = files.file('a.gff3', lines('##gff-version 3', tsv('ctg1', 'src', 'gene', 1, 90, '.', '+', '.', 'ID=g1;score=5;ratio=0.5')));
    await expect(datasetMetadata('gff3', file)).resolves.toMatchObject({
      attributes: 3,
      attribute_types: { ID: 'str', score: 'int', ratio: 'float' },
      data_lines: 1,
      comment_lines: 1,
      columns: 9,
    });
  });

  it('vcf: tabular metadata and sample names', async () => {
    const file = files.file('a.vcf', lines('##fileformat=VCFv4.1', tsv('#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', 'NA1', 'NA2'), tsv('1', 10, '.', 'A', 'G', 50, 'PASS', 'DP=3', 'GT', '0/1', '1/1')));
    await expect(datasetMetadata('vcf', file)).resolves.toMatchObject({ data_lines: 1, comment_lines: 2, columns: 11, sample_names: ['NA1', 'NA2'] });
  });

  it('sam: @ lines are comments, 12 fixed columns', async () => {
    const file = files.file('a.sam', lines('@HD\tVN:1.0', tsv('r1', 0, 'chr1', 1, 60, '4M', '*', 0, 0, 'ACGT', 'IIII')));
    await expect(datasetMetadata('sam', file)).resolves.toEqual({
      data_lines: 1,
      comment_lines: 1,
      columns: 12,
      column_types: ['str', 'int', 'str', 'int', 'int', 'str', 'str', 'int', 'int', 'str', 'str', 'str'],
    });
  });

  it('fasta: sequences and data lines', async () => {
    const file = files.file('a.fasta', lines('>s1', 'ACGT', 'GG', '>s2', 'TT'));
    await expect(datasetMetadata('fasta', file)).resolves.toEqual({ data_lines: 5, sequences: 2 });
  });

  it('fastq: 4-line records, even when a quality line starts with @', async () => {
    const file = files.file('a.fastq', lines('@r1', 'ACGT', '+', '@III', '@r2', 'GG', '+', 'II'));
    await expect(datasetMetadata('fastqsanger', file)).resolves.toEqual({ data_lines: 8, sequences: 2 });
  });

  it('txt: non-blank, non-comment lines', async () => {
    const file = files.file('a.txt', lines('hello', '', '# note', 'world'));
    await expect(datasetMetadata('txt', file)).resolves.toEqual({ data_lines: 2 });
  });

  it('csv: handled as the tabular it is registered as', async () => {
    const file = files.file('a.csv', lines('a,b', 'c,d'));
    await expect(datasetMetadata('csv', file)).resolves.toMatchObject({ columns: 1, column_types: ['list'] });
  });

  it('binary datatypes: nothing computed', async () => {
    await expect(datasetMetadata('bam', files.file('a.bam', Buffer.from([1, 2, 3])))).resolves.toEqual({});
  });
});
