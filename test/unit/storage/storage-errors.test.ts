import { isNoRoom, storageFailureText } from '../../../src/storage/storage-errors';

describe('what a person is told of a failure to store a file', () => {
  it('says the disk has no room left for ENOSPC and EDQUOT, without the path the system named', () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const error = Object.assign(new Error(`${code}: no space left on device, write '/srv/galaxy/data/jobs/12/out.dat'`), { code });
      expect(isNoRoom(error)).toBe(true);
      expect(storageFailureText(error)).toBe("The server's disk has no room left for this data; try again later, or ask the administrator.");
    }
  });

  it('keeps other errors in their own words with every absolute path left out', () => {
    const error = Object.assign(new Error("EACCES: permission denied, open '/srv/galaxy/data/objects/000/dataset_1.dat'"), { code: 'EACCES' });
    expect(isNoRoom(error)).toBe(false);
    expect(storageFailureText(error)).toBe('EACCES: permission denied, open (a server file)');
    expect(storageFailureText(new Error('gzip: unexpected end of file'))).toBe('gzip: unexpected end of file');
  });
});
