import { hdaDict, hdaInaccessibleDict, hdaSummaryJson, HDA_DETAILED_KEYS, HDA_SUMMARY_KEYS } from '../../../rest-shim/serializers/hda.reply';
import type { HdaView } from '../../../src/services/datasets/hda-view';
import { inaccessibleView, shownView } from '../../../src/services/datasets/inaccessible-view';

/** The one rule that turns a dataset's read model into what a caller who may not read it is shown. */
const full: HdaView = {
  id: 7,
  hid: 3,
  name: 'sample',
  info: 'secret info',
  blurb: '3 lines',
  peek: 'secret peek',
  extension: 'tabular',
  dbkey: 'hg19',
  metadata: { column_names: ['secret'] },
  visible: true,
  deleted: false,
  purged: false,
  annotation: 'secret annotation',
  toolVersion: '1.0',
  createTime: new Date('2024-01-01T00:00:00Z'),
  updateTime: new Date('2024-01-02T00:00:00Z'),
  history: { id: 2 },
  dataset: { id: 9, state: 'ok', fileSize: 120, uuid: 'secret-uuid', purged: false, externalFilename: '/secret/path', fileRoot: null, extraFilesPath: null },
  tags: ['name:secret'],
  permissions: { access: [4], manage: [4] },
  accessible: false,
};

describe('inaccessibleView', () => {
  it('keeps the place, state, datatype, flags and times; drops every content fact', () => {
    expect(inaccessibleView(full)).toEqual({
      id: 7,
      hid: 3,
      name: 'sample',
      extension: 'tabular',
      visible: true,
      deleted: false,
      purged: false,
      history: { id: 2 },
      dataset: { id: 9, state: 'ok' },
      tags: [],
      accessible: false,
      createTime: full.createTime,
      updateTime: full.updateTime,
    });
    expect(JSON.stringify(inaccessibleView(full))).not.toMatch(/secret|hg19|120/);
  });

  it('is idempotent, and shownView leaves a readable view as it is', () => {
    expect(inaccessibleView(inaccessibleView(full))).toEqual(inaccessibleView(full));
    const readable = { ...full, accessible: true };
    expect(shownView(readable, true)).toBe(readable);
    expect(shownView(readable, false)).toEqual({ ...inaccessibleView(full) });
  });
});

describe("the REST serializer's inaccessible view", () => {
  const selection = { id: 'a1', name: 'sample', hid: 3, history_id: 'b2', dataset_id: 'c3', state: 'ok', extension: 'tabular', deleted: false, purged: false, visible: true, peek: 'secret', accessible: false };
  const inaccessible = { id: 'a1', name: 'sample', history_id: 'b2', hid: 3, history_content_type: 'dataset', state: 'ok', deleted: false, visible: true, accessible: false };

  it('is what any view or keys of a dataset the caller may not read write', () => {
    expect(hdaInaccessibleDict(selection)).toEqual(inaccessible);
    expect(hdaDict(selection, HDA_DETAILED_KEYS)).toEqual(inaccessible);
    expect(hdaDict(selection, ['peek', 'metadata'])).toEqual(inaccessible);
    expect(JSON.parse(hdaSummaryJson(selection))).toEqual(inaccessible);
  });

  it('leaves a readable dataset to its view, with accessible true in the detailed one', () => {
    const readable = { ...selection, accessible: true };
    expect(Object.keys(JSON.parse(hdaSummaryJson(readable)))).toEqual([...HDA_SUMMARY_KEYS]);
    expect(hdaDict(readable, ['peek', 'accessible'])).toEqual({ peek: 'secret', accessible: true });
  });
});
