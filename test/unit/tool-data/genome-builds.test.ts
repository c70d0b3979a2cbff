import { parseBuildsFile, UNSPECIFIED_BUILD } from '../../../src/tool-data/genome-builds';

describe('parseBuildsFile: a builds.txt as the Database/Build list', () => {
  it('reads dbkey and description by tab, skips comments and blank lines, keeps the file order', () => {
    expect(parseBuildsFile('#comment\nhg19\tHuman Feb. 2009 (hg19)\n\nmm10\tMouse (mm10)\n')).toEqual([
      UNSPECIFIED_BUILD,
      { dbkey: 'hg19', description: 'Human Feb. 2009 (hg19)' },
      { dbkey: 'mm10', description: 'Mouse (mm10)' },
    ]);
  });

  it("puts unspecified first once, keeps each dbkey's first line, and names a build without a description by its key", () => {
    expect(parseBuildsFile('?\tunspecified (?)\r\nhg19\tfirst\r\nhg19\tsecond\r\nphiX\n')).toEqual([UNSPECIFIED_BUILD, { dbkey: 'hg19', description: 'first' }, { dbkey: 'phiX', description: 'phiX' }]);
  });
});
