import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sanitizedHtmlOf } from '../../../src/services/datasets/dataset-html';
import { corpusDocument, scriptCapableParts } from '../../fixtures/xss-corpus';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dataset-html-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sanitizedHtmlOf: an html dataset as the display routes serve it sanitized', () => {
  it('gives the inert markup of the file, read as UTF-8', async () => {
    const path = join(dir, 'report.html');
    writeFileSync(path, `<html><body><h1>Résumé</h1>${corpusDocument()}</body></html>`);
    const body = (await sanitizedHtmlOf(path, 1024 * 1024)).toString('utf8');
    expect(body.startsWith('<h1>Résumé</h1>')).toBe(true);
    expect(scriptCapableParts(body)).toEqual([]);
  });

  it('reads no more than its bound of a file that grew past it', async () => {
    const path = join(dir, 'grown.html');
    writeFileSync(path, `<p>kept</p>${'<p>beyond the bound</p>'.repeat(100)}`);
    expect((await sanitizedHtmlOf(path, 11)).toString('utf8')).toBe('<p>kept</p>');
  });

  it('reads the file again once it changed (the memo is by path, size and modification time)', async () => {
    const path = join(dir, 'changed.html');
    writeFileSync(path, '<p>one</p>');
    expect((await sanitizedHtmlOf(path, 1024)).toString('utf8')).toBe('<p>one</p>');
    writeFileSync(path, '<p>two, longer</p>');
    expect((await sanitizedHtmlOf(path, 1024)).toString('utf8')).toBe('<p>two, longer</p>');
  });

  it('answers ObjectNotFound for a file gone since the checks', async () => {
    await expect(sanitizedHtmlOf(join(dir, 'gone.html'), 1024)).rejects.toMatchObject({ kind: 'ObjectNotFound' });
  });
});
