import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { type DocumentNode, parse } from 'graphql';
import { boundedDocumentStore, DOCUMENT_STORE_BYTES } from '../../../src/graphql/server/apollo';

/** Every `graphql(`…`)` text of the web UI, parsed (fragment interpolations left out). */
function webUiDocuments(): DocumentNode[] {
  const found: DocumentNode[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) {
        for (const match of readFileSync(path, 'utf8').matchAll(/graphql\(\s*`([^`]*)`/g)) found.push(parse(match[1].replace(/\$\{[^}]*\}/g, '')));
      }
    }
  };
  walk(join(__dirname, '../../../web/src'));
  return found;
}

describe("/graphql's store of parsed documents", () => {
  it("holds every document of the web UI at least twice over (by Apollo's own size measure)", () => {
    const documents = webUiDocuments();
    expect(documents.length).toBeGreaterThan(50);
    const bytes = documents.reduce((sum, document) => sum + InMemoryLRUCache.sizeCalculation(document), 0);
    expect(bytes * 2).toBeLessThan(DOCUMENT_STORE_BYTES);
  });

  it('stays within its bound when every query has a new text', async () => {
    const store = boundedDocumentStore();
    for (let i = 0; i < 3000; i += 1) await store.set(`q${i}`, parse(`{ h${i}: histories { id name } }`));
    let kept = 0;
    for (let i = 0; i < 3000; i += 1) if (await store.get(`q${i}`)) kept += 1;
    expect(kept).toBeLessThan(1000);
    expect(await store.get('q2999')).toBeDefined();
  });
});
