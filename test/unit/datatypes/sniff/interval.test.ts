import {
  sniffBed,
  sniffCustomTrack,
  sniffGff,
  sniffGff3,
  sniffGtf,
  sniffInterval,
  sniffWiggle,
} from '../../../../src/datatypes/sniff/interval';
import { input, lines, tsv } from './helpers';

describe('sniffBed', () => {
  it('accepts 3 to 12 columns with integer coordinates, skipping comments and blank lines', () => {
    expect(sniffBed(input(lines(tsv('chr1', 100, 200), tsv('chr2', 5, 10))))).toBe(true);
    expect(sniffBed(input(lines('# header', '', tsv('chr1', 100, 200, 'gene1', 960, '+'))))).toBe(true);
    expect(sniffBed(input(lines(tsv('chr7', 127471196, 127472363, 'Pos1', 0, '+', 127471196, 127472363, '255,0,0', 2, '10,20,', '0,50,'))))).toBe(true);
  });
  it('checks the chromosome prefix, integers, score, strand and block lists', () => {
    expect(sniffBed(input(lines(tsv('1', 100, 200))))).toBe(false);
    expect(sniffBed(input(lines(tsv('chr1', 'a', 200))))).toBe(false);
    expect(sniffBed(input(lines(tsv('chr1', 1, 2, 'n', 1001))))).toBe(false);
    expect(sniffBed(input(lines(tsv('chr1', 1, 2, 'n', 0, 'x'))))).toBe(false);
    expect(sniffBed(input(lines(tsv('chr1', 1, 2, 'n', 0, '+', 1, 2, 0, 2, '10,', '0,'))))).toBe(false);
    expect(sniffBed(input(lines(tsv('chr1', 1, 2), 'chr1 1 2')))).toBe(false);
  });
  it('does not check that start <= end, like the platform', () => {
    expect(sniffBed(input(lines(tsv('chr1', 500, 100))))).toBe(true);
  });
  it('is not fooled by a track line (custom tracks are sniffed separately)', () => {
    expect(sniffBed(input(lines('track name=x', tsv('chr1', 1, 2))))).toBe(false);
  });
  it('rejects empty content', () => {
    expect(sniffBed(input(''))).toBe(false);
  });
});

describe('sniffCustomTrack', () => {
  it('accepts a track line with color and visibility followed by intervals', () => {
    expect(sniffCustomTrack(input(lines('track name="User Track" color=0,0,0 visibility=1', 'chr1 100 200', 'chr1 300 400')))).toBe(true);
  });
  it('rejects a track line without visibility, and bad data lines', () => {
    expect(sniffCustomTrack(input(lines('track name=x color=0,0,0', 'chr1 1 2')))).toBe(false);
    expect(sniffCustomTrack(input(lines('track color=0 visibility=1', 'chr1 a 2')))).toBe(false);
    expect(sniffCustomTrack(input(lines(tsv('chr1', 1, 2))))).toBe(false);
  });
});

const gffRow = (attrs: string, start: string | number = 100, score = '.') => tsv('chr1', 'src', 'exon', start, 200, score, '+', '.', attrs);

describe('sniffGtf', () => {
  it('requires gene_id and transcript_id attributes', () => {
    expect(sniffGtf(input(lines(gffRow('gene_id "g1"; transcript_id "t1";'), gffRow('gene_id "g1"; transcript_id "t2";'))))).toBe(true);
    expect(sniffGtf(input(lines(gffRow('gene_id "g1";'), gffRow('gene_id "g1";'))))).toBe(false);
  });
});

describe('sniffGff', () => {
  it('accepts 9-column lines with integer coordinates', () => {
    expect(sniffGff(input(lines('##gff-version 2', gffRow('group1'), gffRow('group2', 150, '0.5'))))).toBe(true);
  });
  it('rejects version 3, non-integer starts and wrong widths', () => {
    expect(sniffGff(input(lines('##gff-version 3', gffRow('ID=a'))))).toBe(false);
    expect(sniffGff(input(lines(gffRow('g', 'x'), gffRow('g'))))).toBe(false);
    expect(sniffGff(input(lines(tsv('chr1', 1, 2), tsv('chr1', 3, 4))))).toBe(false);
  });
});

describe('sniffGff3', () => {
  it('trusts the version line', () => {
    expect(sniffGff3(input(lines('##gff-version 3', 'anything')))).toBe(true);
    expect(sniffGff3(input(lines('##gff-version 2', gffRow('ID=a'))))).toBe(false);
  });
  it('checks GFF3 columns when there is no version line', () => {
    expect(sniffGff3(input(lines(tsv('ctg1', 'src', 'gene', '.', '.', '.', '?', '0', 'ID=g'), tsv('ctg1', 'src', 'gene', 1, 9, '.', '+', '.', 'ID=h'))))).toBe(true);
    expect(sniffGff3(input(lines(tsv('ctg1', 'src', 'gene', 1, 9, '.', '+', '3', 'ID=g'), tsv('ctg1', 'src', 'gene', 1, 9, '.', '+', '.', 'ID=h'))))).toBe(false);
  });
});

describe('sniffInterval', () => {
  it('accepts lines with integers in columns 2 and 3, any chromosome name', () => {
    expect(sniffInterval(input(lines('#chrom\tstart\tend', tsv('1', 10, 20, 'x'), tsv('X', 5, 6))))).toBe(true);
  });
  it('rejects short lines, blank lines and non-integers', () => {
    expect(sniffInterval(input(lines(tsv('a', 1))))).toBe(false);
    expect(sniffInterval(input(lines(tsv('a', 1, 2), '', tsv('b', 3, 4))))).toBe(false);
    expect(sniffInterval(input(lines(tsv('a', 1, 'x'))))).toBe(false);
  });
});

describe('sniffWiggle', () => {
  it('looks for a track type=wiggle line', () => {
    expect(sniffWiggle(input(lines('browser position chr1:1-100', 'track type=wiggle_0 name=x', 'fixedStep chrom=chr1 start=1 step=1', '1')))).toBe(true);
    expect(sniffWiggle(input(lines('track type=bedGraph', tsv('chr1', 1, 2, 3))))).toBe(false);
  });
});
