import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { parse } from 'graphql';
import { boundedDocumentStore, DOCUMENT_STORE_BYTES } from '../../../src/graphql/server/apollo';
import { webUiDocuments } from '../../support/web-ui-documents';

describe("/graphql's store of parsed documents", () => {
  it("holds every document of the web UI at least twice over (by Apollo's own size measure)", () => {
    const documents = webUiDocuments();
    expect(documents.length).toBeGreaterThan(50);
    const bytes = documents.reduce((sum, document) => sum + InMemoryLRUCache.sizeCalculation(document), 0);
    expect(bytes * 2).toBeLessThan(DOCUMENT_STORE_BYTES);
  });

  it('stays within its bound when every query has a new text', async () => {
    const store = boundedDocumentStore();
    // Some 2,500 of these documents fit in the bound: six thousand new texts keep fewer than half.
    for (let i = 0; i < 6000; i += 1) await store.set(`q${i}`, parse(`{ h${i}: histories { id name } }`));
    let kept = 0;
    for (let i = 0; i < 6000; i += 1) if (await store.get(`q${i}`)) kept += 1;
    expect(kept).toBeLessThan(3000);
    expect(await store.get('q5999')).toBeDefined();
  });
});
