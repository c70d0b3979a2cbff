import {
  sniffAxt,
  sniffCsFasta,
  sniffFasta,
  sniffFastq,
  sniffLav,
  sniffMaf,
  sniffQualityScore454,
  sniffQualityScoreSolid,
  sniffRnaDotPlotMatrix,
} from '../../../../src/datatypes/sniff/sequence';
import { input, lines } from './helpers';

describe('sniffFasta', () => {
  it('accepts a header followed by sequence, after blank lines too', () => {
    expect(sniffFasta(input(lines('>seq1 desc', 'ACGTACGT', '>seq2', 'GGCC')))).toBe(true);
    expect(sniffFasta(input(lines('', '  ', '>p1', 'MKVLAAGIV')))).toBe(true);
  });
  it('rejects a header followed by a blank line or another header', () => {
    expect(sniffFasta(input(lines('>seq1', '', 'ACGT')))).toBe(false);
    expect(sniffFasta(input(lines('>seq1', '>seq2', 'ACGT')))).toBe(false);
  });
  it('rejects content whose first line is not a header', () => {
    expect(sniffFasta(input(lines('ACGT', '>seq1', 'ACGT')))).toBe(false);
    expect(sniffFasta(input(lines('# comment', '>seq1', 'ACGT')))).toBe(false);
  });
});

describe('sniffCsFasta', () => {
  it('accepts colour-space reads after comments', () => {
    expect(sniffCsFasta(input(lines('# Title', '>2_15_85_F3', 'T213021013012303002332212012112221222112212222')))).toBe(true);
  });
  it('rejects nucleotide sequence', () => {
    expect(sniffCsFasta(input(lines('>seq', 'ACGTACGT')))).toBe(false);
    expect(sniffCsFasta(input(lines('>seq', 't0123')))).toBe(false);
  });
});

describe('sniffQualityScore454', () => {
  it('accepts a header followed by integer scores', () => {
    expect(sniffQualityScore454(input(lines('>read1', '40 40 38 12 9')))).toBe(true);
  });
  it('rejects sequence lines', () => {
    expect(sniffQualityScore454(input(lines('>read1', 'ACGT')))).toBe(false);
  });
});

describe('sniffQualityScoreSolid', () => {
  it('accepts records of equal length', () => {
    expect(sniffQualityScoreSolid(input(lines('>r1', '20 10 8 13', '>r2', '7 9 20 30')))).toBe(true);
  });
  it('rejects records of different lengths or non-integer scores', () => {
    expect(sniffQualityScoreSolid(input(lines('>r1', '20 10 8 13', '>r2', '7 9')))).toBe(false);
    expect(sniffQualityScoreSolid(input(lines('>r1', 'ACGT')))).toBe(false);
  });
});

describe('sniffFastq', () => {
  it('accepts an @ header, sequence and + separator', () => {
    expect(sniffFastq(input(lines('@r1', 'ACGTN', '+', 'IIIII')))).toBe(true);
  });
  it('does not check more than the platform does (lengths may differ)', () => {
    expect(sniffFastq(input(lines('@r1', 'ACGTN', '+r1', 'II')))).toBe(true);
  });
  it('rejects short or misshapen content', () => {
    expect(sniffFastq(input(lines('@r1', 'ACGT', '+')))).toBe(false);
    expect(sniffFastq(input(lines('r1', 'ACGT', '+', 'IIII')))).toBe(false);
    expect(sniffFastq(input(lines('@r1', 'ACGT', 'ACGT', 'IIII')))).toBe(false);
    expect(sniffFastq(input(lines('@r1', '', '+', 'IIII')))).toBe(false);
  });
});

describe('sniffMaf / sniffLav', () => {
  it('recognise their first-line markers', () => {
    expect(sniffMaf(input(lines('##maf version=1', 'a score=0')))).toBe(true);
    expect(sniffLav(input(lines('#:lav', 's {')))).toBe(true);
  });
  it('need a second line and the exact marker', () => {
    expect(sniffMaf(input(lines('##maf version=1')))).toBe(false);
    expect(sniffMaf(input(lines('##mafx', 'a')))).toBe(false);
    expect(sniffLav(input(lines('#lav', 's {')))).toBe(false);
  });
});

describe('sniffAxt', () => {
  const block = ['0 chr19 3001012 3001075 chr11 70568380 70568443 - 3500', 'TCAGCTCATAAATCACCTCC', 'TCTGTTCATAAACCACCTGC', ''];
  it('accepts a summary line of 9 fields with integers and strand', () => {
    expect(sniffAxt(input(lines(...block)))).toBe(true);
    expect(sniffAxt(input(lines('##matrix=axt 1', 'a', 'b', 'c')))).toBe(true);
  });
  it('rejects other summary lines and short files', () => {
    expect(sniffAxt(input(lines('0 chr19 a 3001075 chr11 70568380 70568443 - 3500', 'T', 'T', '')))).toBe(false);
    expect(sniffAxt(input(lines(...block.slice(0, 2))))).toBe(false);
  });
});

describe('sniffRnaDotPlotMatrix', () => {
  it('accepts EPS with sequence, coordinates and pairs', () => {
    expect(sniffRnaDotPlotMatrix(input(lines('%!PS-Adobe-3.0 EPSF-3.0', '/sequence { (ACGU) } def', '/coor [', '/pairs [')))).toBe(true);
  });
  it('rejects other PostScript', () => {
    expect(sniffRnaDotPlotMatrix(input(lines('%!PS-Adobe-3.0 EPSF-3.0', '/sequence { (ACGU) } def')))).toBe(false);
  });
});
