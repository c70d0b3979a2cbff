import { isColumnBased, sniffPileup, sniffSam, sniffVcf } from '../../../../src/datatypes/sniff/tabular';
import { input, lines, tsv } from './helpers';

describe('sniffVcf', () => {
  it('needs ##fileformat=VCF on the first line', () => {
    expect(sniffVcf(input(lines('##fileformat=VCFv4.1', '#CHROM\tPOS')))).toBe(true);
    expect(sniffVcf(input(lines('#CHROM\tPOS', '##fileformat=VCFv4.1')))).toBe(false);
    expect(sniffVcf(input(''))).toBe(false);
  });
});

const samRow = (flag: string | number = 0) => tsv('r1', flag, 'chr1', 100, 60, '4M', '*', 0, 0, 'ACGT', 'IIII', 'NM:i:0');

describe('sniffSam', () => {
  it('accepts @ headers then alignments with numeric columns', () => {
    expect(sniffSam(input(lines('@HD\tVN:1.0', '@SQ\tSN:chr1\tLN:1000', samRow(), samRow(16))))).toBe(true);
  });
  it('rejects alignments with fewer than 11 columns or a non-numeric FLAG', () => {
    expect(sniffSam(input(lines(tsv('r1', 0, 'chr1', 100))))).toBe(false);
    expect(sniffSam(input(lines(samRow('x'))))).toBe(false);
  });
  it('rejects a header without alignments', () => {
    expect(sniffSam(input(lines('@HD\tVN:1.0')))).toBe(false);
  });
});

describe('sniffPileup', () => {
  it('accepts 5+ columns with a position and a reference base', () => {
    expect(sniffPileup(input(lines(tsv('chr1', 10, 'A', 3, '..,'), tsv('chr1', 11, 'n', 3, '.,,'))))).toBe(true);
  });
  it('rejects other bases and negative positions', () => {
    expect(sniffPileup(input(lines(tsv('chr1', 10, 'X', 3, '..,'))))).toBe(false);
    expect(sniffPileup(input(lines(tsv('chr1', -1, 'A', 3, '..,'))))).toBe(false);
  });
});

describe('isColumnBased', () => {
  it('needs a constant number (2+) of tab fields on data lines', () => {
    expect(isColumnBased(input(lines('a\t2', 'c\t1', '# note', 'd\t0')))).toBe(true);
    expect(isColumnBased(input(lines('a\t2', 'c\t1\t3')))).toBe(false);
    expect(isColumnBased(input(lines('a b', 'c d')))).toBe(false);
  });
  it('can skip a first (header) line', () => {
    expect(isColumnBased(input(lines('name', 'a\t2', 'b\t3')), '\t', 1)).toBe(true);
    expect(isColumnBased(input(lines('name', 'a\t2', 'b\t3')))).toBe(false);
  });
});
