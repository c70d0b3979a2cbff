import { folderItemDict, folderItemJson, libraryTime, libraryTimeOfIso } from '../../rest-shim/serializers/library.reply';

/** Streamed folder listings write each item straight as JSON: the same bytes as the dictionary's. */

const ISO_TIMES = ['2026-11-28T00:04:26.103Z', '2026-11-28T11:59:59Z', '2026-11-28T12:00:00.000Z', '2026-01-09T23:07:00.5Z', '1999-12-31T13:30:00.000Z'];

describe('libraryTimeOfIso reads the library timestamp off a UTC ISO string', () => {
  it.each(ISO_TIMES)('as libraryTime does for %s', (iso) => {
    expect(libraryTimeOfIso(iso)).toBe(libraryTime(iso));
  });

  it('passes anything else to libraryTime, and null for a missing value', () => {
    expect(libraryTimeOfIso('2026-11-28T10:04:26+02:00')).toBe(libraryTime('2026-11-28T10:04:26+02:00'));
    expect(libraryTimeOfIso(null)).toBeNull();
    expect(libraryTimeOfIso(undefined)).toBeNull();
  });
});

describe('folderItemJson writes what JSON.stringify(folderItemDict(item)) writes', () => {
  const common = { id: 'Fabc', name: 'a "quoted" \u2028 name', createTime: ISO_TIMES[0], updateTime: ISO_TIMES[2], deleted: false, canManage: true };
  const items = {
    folder: { ...common, type: 'folder', canModify: false },
    file: { ...common, id: 'abc', type: 'file', canModify: null, fileExt: 'txt', dateUploaded: ISO_TIMES[3], fileSize: 123456, isUnrestricted: false, isPrivate: true },
    'file without a date': { ...common, id: 'abc', type: 'file', canModify: null, fileExt: null, dateUploaded: null, fileSize: 0, isUnrestricted: true, isPrivate: false },
    'item lacking a field': { ...common, type: 'folder' },
  };
  it.each(Object.entries(items))('for a %s', (_kind, item) => {
    expect(folderItemJson(item)).toBe(JSON.stringify(folderItemDict(item)));
  });
});
