import { bibtexFields, citationText } from '../../../web/src/tools/citation-text';

/** A tool's citations as the tool form shows them (from the BibTeX the graph gives). */
describe('citationText (a BibTeX entry as a reader sees it)', () => {
  it('gives authors (year), title and journal, and a DOI link', () => {
    const entry = '@article{x, author = {Ada Lovelace and Charles {B}abbage}, title = "Notes", journal = {Memoirs}, year = 1843, doi = {10.1000/xyz}}';
    expect(bibtexFields(entry)).toMatchObject({ author: 'Ada Lovelace and Charles Babbage', title: 'Notes', journal: 'Memoirs', year: '1843', doi: '10.1000/xyz' });
    expect(citationText(entry)).toEqual({ text: 'Ada Lovelace, Charles Babbage (1843). Notes. Memoirs.', doiUrl: 'https://doi.org/10.1000/xyz', url: null });
  });

  it("names a DOI-only entry by its DOI, and links only http(s) URLs", () => {
    expect(citationText('@article{doi_1, doi = {10.1093/b/1}, url = {https://doi.org/10.1093/b/1}}')).toMatchObject({ text: 'DOI 10.1093/b/1', doiUrl: 'https://doi.org/10.1093/b/1' });
    expect(citationText('@misc{y, title = {T}, url = {javascript:alert(1)}}')).toEqual({ text: 'T.', doiUrl: null, url: null });
  });
});
