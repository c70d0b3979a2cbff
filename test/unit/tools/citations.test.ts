import { collectCitations, doiToBibtex, parseToolXml, toolCitations } from '../../../src/tools';

const cited = parseToolXml(`<tool id="cited">
  <citations>
    <citation type="bibtex">
@article{li2009,
  title = {The Sequence Alignment/Map format and SAMtools},
  journal = {Bioinformatics}
}
    </citation>
    <citation type="doi">10.1093/bioinformatics/btp352</citation>
  </citations>
</tool>`);

const alsoCited = parseToolXml(`<tool id="also"><citations>
  <citation type="doi">10.1093/BIOINFORMATICS/btp352</citation>
  <citation type="doi">10.1186/gb-2010-11-8-r86</citation>
</citations></tool>`);

describe('citations', () => {
  it('returns BibTeX entries as they are written', () => {
    expect(toolCitations(cited)[0]).toEqual({
      format: 'bibtex',
      content: '@article{li2009,\n  title = {The Sequence Alignment/Map format and SAMtools},\n  journal = {Bioinformatics}\n}',
    });
  });

  it('builds BibTeX for DOIs offline', () => {
    expect(toolCitations(cited)[1]).toEqual({
      format: 'bibtex',
      content: '@article{doi_10_1093_bioinformatics_btp352,\n  doi = {10.1093/bioinformatics/btp352},\n  url = {https://doi.org/10.1093/bioinformatics/btp352}\n}',
    });
    expect(doiToBibtex('10.1/x')).toContain('doi = {10.1/x}');
  });

  it('collects a history’s citations once each (DOIs compare case-insensitively)', () => {
    const collected = collectCitations([cited, alsoCited, cited]);
    expect(collected).toHaveLength(3);
    expect(collected[2]!.content).toContain('doi = {10.1186/gb-2010-11-8-r86}');
  });

  it('gives nothing for tools without citations', () => {
    expect(toolCitations(parseToolXml('<tool id="plain"><citations/></tool>'))).toEqual([]);
  });
});
