import { MAX_PAGE_EMBEDS, pageEmbedRefs } from '../../../src/services/pages/page-embeds';

/** The service finds a page's embedded items in its sanitized HTML as 15.05 marked them. */
describe('pageEmbedRefs (the embedded items of sanitized page HTML)', () => {
  it('reads each kind by the class its placeholder id starts with, in document order, whatever the attribute order', () => {
    const html =
      '<p>x</p><div class="embedded-item history placeholder" id="History-aa11"><p class="title">t</p></div>' +
      '<div id="HistoryDatasetAssociation-bb22" class="embedded-item dataset placeholder"></div>' +
      '<div class="embedded-item workflow placeholder" id="StoredWorkflow-cc33"></div>' +
      '<div class="embedded-item visualization placeholder" id="Visualization-dd44"></div>';
    expect(pageEmbedRefs(html)).toEqual([
      { kind: 'history', encodedId: 'aa11' },
      { kind: 'dataset', encodedId: 'bb22' },
      { kind: 'workflow', encodedId: 'cc33' },
      { kind: 'visualization', encodedId: 'dd44' },
    ]);
  });

  it('skips pages in pages (15.05 never filled them in), unknown classes, divs that are not placeholders and ids without an item', () => {
    const html =
      '<div class="embedded-item page placeholder" id="Page-aa11"></div><div class="embedded-item x" id="User-bb22"></div>' +
      '<div class="history" id="History-cc33"></div><div class="embedded-item history placeholder" id="History-"></div>';
    expect(pageEmbedRefs(html)).toEqual([]);
  });

  it(`reads at most ${MAX_PAGE_EMBEDS}`, () => {
    const html = Array.from({ length: MAX_PAGE_EMBEDS + 5 }, (_, i) => `<div class="embedded-item history placeholder" id="History-${i}a"></div>`).join('');
    expect(pageEmbedRefs(html)).toHaveLength(MAX_PAGE_EMBEDS);
  });
});
