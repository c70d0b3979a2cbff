import { filePeek } from '../../../src/datatypes/metadata/peek';
import { peekLines } from '../../../web/src/datasets/peek-lines';

/** The web UI shows a peek's lines as the file has them, not the platform's double-spaced text (issue 34). */
describe('peekLines (the lines of a stored peek)', () => {
  const lineOf = (length: number, char: string) => char.repeat(length);

  it.each([
    ['five short lines of a longer file', 'a\tb\nc\td\ne\tf\ng\th\ni\tj\nk\tl\n', ['a\tb', 'c\td', 'e\tf', 'g\th', 'i\tj']],
    ['a file of two lines', 'chr1\t10\t20\nchr2\t30\t40\n', ['chr1\t10\t20', 'chr2\t30\t40']],
    ['a last line without its newline', 'one\ntwo', ['one', 'two']],
    ['a line longer than a read, which goes on in the next read', `${lineOf(300, 'x')}\nshort\n`, [lineOf(300, 'x'), 'short']],
    ['an empty line kept', 'one\n\nthree\n', ['one', '', 'three']],
  ])('%s', (_name, content, expected) => {
    const stored = filePeek(Buffer.from(content));
    expect(stored).toContain('\n\n');
    expect(peekLines(stored)).toEqual(expected);
  });

  it('leaves a fixed peek as it is', () => {
    expect(peekLines('Binary bam alignments file')).toEqual(['Binary bam alignments file']);
  });
});
