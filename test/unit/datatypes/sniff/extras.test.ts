import { isBinaryContent } from '../../../../src/datatypes/sniff/content';
import { sniffCsv, splitCsvLine } from '../../../../src/datatypes/sniff/csv';
import { isSangerFastq } from '../../../../src/datatypes/sniff/fastq-flavour';
import { input, lines } from './helpers';

describe('isBinaryContent', () => {
  it('treats NUL bytes and non-UTF-8 high bytes as binary', () => {
    expect(isBinaryContent(input(Buffer.from([0x41, 0x00, 0x42])))).toBe(true);
    expect(isBinaryContent(input(Buffer.from([0x41, 0xff, 0xfe, 0x0a])))).toBe(true);
  });
  it('treats ASCII and UTF-8 text as text', () => {
    expect(isBinaryContent(input('plain text\n'))).toBe(false);
    expect(isBinaryContent(input(Buffer.from('café crème\n', 'utf8')))).toBe(false);
  });
});

describe('splitCsvLine / sniffCsv', () => {
  it('splits on commas outside quotes', () => {
    expect(splitCsvLine('a,"b,c","d""e",')).toEqual(['a', 'b,c', 'd"e', '']);
    expect(splitCsvLine('a,"open')).toBeUndefined();
  });
  it('accepts consistent comma-separated rows of 2+ fields', () => {
    expect(sniffCsv(input(lines('name,age', 'ann,3', '"bob, jr",4')))).toBe(true);
  });
  it('rejects ragged rows, single columns and single lines', () => {
    expect(sniffCsv(input(lines('a,b', 'c,d,e')))).toBe(false);
    expect(sniffCsv(input(lines('a', 'b')))).toBe(false);
    expect(sniffCsv(input(lines('a,b')))).toBe(false);
  });
});

describe('isSangerFastq', () => {
  it('accepts well-formed records with qualities in ! .. J', () => {
    expect(isSangerFastq(input(lines('@r1', 'ACGT', '+', '!5?J', '@r2', 'GG', '+r2', 'II')))).toBe(true);
  });
  it('rejects Illumina 1.3+ qualities and unequal lengths', () => {
    expect(isSangerFastq(input(lines('@r1', 'ACGT', '+', 'hhhh')))).toBe(false);
    expect(isSangerFastq(input(lines('@r1', 'ACGT', '+', 'III')))).toBe(false);
  });
});
