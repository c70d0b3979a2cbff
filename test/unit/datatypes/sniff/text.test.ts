import {
  looksLikeJson,
  sniffArff,
  sniffHtml,
  sniffIpynb,
  sniffJson,
  sniffNewick,
  sniffNexus,
  sniffObo,
  sniffPdf,
} from '../../../../src/datatypes/sniff/text';
import { sniffGenericXml, sniffOwl, sniffPhyloxml } from '../../../../src/datatypes/sniff/xml';
import { input, lines } from './helpers';

describe('sniffHtml', () => {
  it('finds an <html> tag starting a line', () => {
    expect(sniffHtml(input(lines('<!DOCTYPE html>', '<HTML>', '<body></body>')))).toBe(true);
    expect(sniffHtml(input(lines('some <html> text')))).toBe(false);
  });
});

describe('sniffPdf', () => {
  it('checks the %PDF marker', () => {
    expect(sniffPdf(input(lines('%PDF-1.4', '%âãÏÓ')))).toBe(true);
    expect(sniffPdf(input(lines('PDF-1.4')))).toBe(false);
  });
});

describe('sniffNewick / sniffNexus', () => {
  it('never claims Newick, finds #NEXUS on the first line', () => {
    expect(sniffNewick()).toBe(false);
    expect(sniffNexus(input(lines('#nexus', 'begin trees;')))).toBe(true);
    expect(sniffNexus(input(lines('begin trees;', '#NEXUS')))).toBe(false);
  });
});

describe('sniffObo', () => {
  it('needs format-version and a stanza followed by id', () => {
    expect(sniffObo(input(lines('format-version: 1.2', '', '[Term]', 'id: GO:0000001')))).toBe(true);
    expect(sniffObo(input(lines('format-version: 1.2', '[Term]', 'name: x')))).toBe(false);
    expect(sniffObo(input(lines('[Term]', 'id: GO:1')))).toBe(false);
  });
});

describe('sniffArff', () => {
  it('needs @RELATION and @ATTRIBUTE before @DATA', () => {
    expect(sniffArff(input(lines('% comment', '@relation iris', '@attribute a numeric', '@data', '1')))).toBe(true);
    expect(sniffArff(input(lines('@relation iris', '@data', '1')))).toBe(false);
  });
});

describe('sniffJson / looksLikeJson', () => {
  it('parses small files whole', () => {
    expect(sniffJson(input('{"a": [1, 2]}'))).toBe(true);
    expect(sniffJson(input('[1, 2'))).toBe(false);
    expect(sniffJson(input('42'))).toBe(true); // any JSON value, as json.load accepts
  });
  it('judges files of 50000 bytes or more by their first character', () => {
    expect(looksLikeJson(input('  {"truncated": ', 80000))).toBe(true);
    expect(looksLikeJson(input('x{"a":1}', 80000))).toBe(false);
  });
});

describe('sniffIpynb', () => {
  it('needs nbformat and non-empty metadata', () => {
    expect(sniffIpynb(input('{"cells": [], "metadata": {"kernel": "py"}, "nbformat": 4}'))).toBe(true);
    expect(sniffIpynb(input('{"cells": [], "metadata": {}, "nbformat": 4}'))).toBe(false);
    expect(sniffIpynb(input('[{"nbformat": 4}]'))).toBe(false);
  });
});

describe('xml sniffers', () => {
  it('GenericXml needs the "<?xml " declaration first', () => {
    expect(sniffGenericXml(input(lines('<?xml version="1.0"?>', '<a/>')))).toBe(true);
    expect(sniffGenericXml(input(lines('<a/>')))).toBe(false);
  });
  it('Phyloxml and Owl look for their markers in the first lines', () => {
    expect(sniffPhyloxml(input(lines('<?xml version="1.0"?>', '<phyloxml xmlns="http://www.phyloxml.org">')))).toBe(true);
    expect(sniffOwl(input(lines('<?xml version="1.0"?>', '<rdf:RDF>', '<owl:Ontology/>')))).toBe(true);
    expect(sniffOwl(input(lines('<?xml version="1.0"?>', `<!-- ${'x'.repeat(9000)} -->`, '<owl:Ontology/>')))).toBe(false);
  });
});
