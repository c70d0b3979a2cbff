import fixture from './fixtures/datatypes_api_1505.json';
import { DatatypesRegistry, loadDatatypesRegistry } from '../../../src/datatypes/registry';

const registry = loadDatatypesRegistry();

describe('loadDatatypesRegistry', () => {
  it('builds the registry once per process', () => {
    expect(loadDatatypesRegistry()).toBe(registry);
    expect(registry).toBeInstanceOf(DatatypesRegistry);
  });
});

describe('extensions (GET /api/datatypes)', () => {
  it('lists the sorted upload formats by default', () => {
    expect(registry.extensions()).toEqual(fixture.upload_file_formats);
    expect(registry.extensions()).toHaveLength(86);
  });

  it('lists every registered extension in load order when uploadOnly is false', () => {
    expect(registry.extensions({ uploadOnly: false })).toEqual(fixture.all_extensions_in_load_order);
    expect(registry.extensions({ uploadOnly: false })).toHaveLength(138);
  });
});

describe('elements (GET /api/datatypes?extension_only=false)', () => {
  const expected = (uploadOnly: boolean) =>
    fixture.datatype_elems
      .filter((e) => !uploadOnly || ['true', 'yes', 'on'].includes(String(e.display_in_upload_attr).toLowerCase()))
      .map((e) => ({ extension: e.extension, description: e.description, description_url: e.description_url }));

  it('keeps config order and only upload formats by default', () => {
    expect(registry.elements()).toEqual(expected(true));
    expect(registry.elements()[0]).toEqual({
      extension: 'ab1',
      description: fixture.datatype_elems[0].description,
      description_url: 'https://wiki.galaxyproject.org/Learn/Datatypes#Ab1',
    });
  });

  it('lists all 138 entries with null for missing attributes when uploadOnly is false', () => {
    const all = registry.elements({ uploadOnly: false });
    expect(all).toEqual(expected(false));
    expect(all.find((e) => e.extension === 'afg')).toEqual({ extension: 'afg', description: null, description_url: null });
  });
});

describe('mapping (GET /api/datatypes/mapping)', () => {
  it('reproduces the platform mapping exactly', () => {
    expect(registry.mapping()).toEqual(fixture.mapping);
  });

  it('names dynamic subclasses in the registry module', () => {
    expect(registry.mapping().ext_to_class_name.csv).toBe('galaxy.datatypes.registry.Tabular');
    expect(registry.mapping().class_to_classes['galaxy.datatypes.registry.Tabular']).toEqual({
      'galaxy.datatypes.data.Data': true,
      'galaxy.datatypes.data.Text': true,
      'galaxy.datatypes.registry.Tabular': true,
      'galaxy.datatypes.tabular.Tabular': true,
    });
  });

  it('serialises with the same key order as the reference', () => {
    expect(JSON.stringify(registry.mapping())).toBe(JSON.stringify(fixture.mapping));
  });
});

describe('sniffers (GET /api/datatypes/sniffers)', () => {
  it('lists the 53 sniffers in config order with a colon', () => {
    expect(registry.sniffers()).toEqual(fixture.sniffers);
    expect(registry.sniffers()[0]).toBe('galaxy.datatypes.tabular:Vcf');
  });

  it('tries Owl before GenericXml', () => {
    const sniffers = registry.sniffers();
    expect(sniffers.indexOf('galaxy.datatypes.xml:Owl')).toBeLessThan(sniffers.indexOf('galaxy.datatypes.xml:GenericXml'));
  });
});

describe('converters (GET /api/datatypes/converters)', () => {
  it('reproduces the 57 platform converters', () => {
    expect(registry.converters()).toEqual(fixture.converters);
    expect(registry.converters()).toHaveLength(57);
  });

  it('includes fasta to tabular and bam to bai', () => {
    expect(registry.converters()).toContainEqual({ source: 'fasta', target: 'tabular', tool_id: 'CONVERTER_fasta_to_tabular' });
    expect(registry.converters()).toContainEqual({ source: 'bam', target: 'bai', tool_id: 'CONVERTER_Bam_Bai_0' });
  });
});

describe('isKnown / description / mimetype', () => {
  it('knows registered extensions only', () => {
    expect(registry.isKnown('bed')).toBe(true);
    expect(registry.isKnown('Roadmaps')).toBe(true);
    expect(registry.isKnown('roadmaps')).toBe(false);
    expect(registry.isKnown('auto')).toBe(false);
  });

  it('gives the configured description or null', () => {
    expect(registry.description('txt')).toBe('Any text file.');
    expect(registry.description('csv')).toBeNull();
    expect(registry.description('nope')).toBeNull();
  });

  it('gives the configured mimetype, octet-stream otherwise', () => {
    expect(registry.mimetype('xml')).toBe('application/xml');
    expect(registry.mimetype('png')).toBe('image/png');
    expect(registry.mimetype('bed')).toBe('application/octet-stream');
    expect(registry.mimetype('nope')).toBe('application/octet-stream');
  });
});

describe('isSubtypeOf', () => {
  it.each([
    ['bed', 'interval'],
    ['bed', 'tabular'],
    ['bed', 'txt'],
    ['bed', 'data'],
    ['bed6', 'bed'],
    ['fastqsanger', 'fastq'],
    ['vcf', 'tabular'],
    ['csv', 'tabular'],
    ['gff3', 'gff'],
    ['gtf', 'gff'],
    ['sam', 'tabular'],
    ['bigbed', 'bigwig'],
    ['vcf_bgzip', 'bgzip'],
    ['xls', 'tabular'],
    ['tabular', 'xls'],
    ['fasta', 'fasta'],
    ['h5', 'data'],
    ['csv', 'txt'],
    ['searchgui_archive', 'data'],
  ])('%s is accepted where %s is', (ext, of) => expect(registry.isSubtypeOf(ext, of)).toBe(true));

  it.each([
    ['tabular', 'bed'],
    ['interval', 'bed'],
    ['fastq', 'fastqsanger'],
    ['tabular', 'csv'],
    ['h5', 'cxb'],
    ['bgzip', 'vcf_bgzip'],
    ['fasta', 'tabular'],
    ['bam', 'sam'],
    ['nope', 'data'],
    ['txt', 'nope'],
  ])('%s is not accepted where %s is', (ext, of) => expect(registry.isSubtypeOf(ext, of)).toBe(false));
});

describe('convertersFrom', () => {
  it('lists a datatype own converters in config order', () => {
    expect(registry.convertersFrom('fasta').map((c) => c.target)).toEqual(['tabular', 'bowtie_base_index', 'bowtie_color_index', 'twobit', 'len']);
  });

  it('adds converters declared on parent classes; a datatype own tool wins for a shared target', () => {
    // bed is declared before interval: targets keep first-seen order, tools are replaced by later merges.
    const bed = registry.convertersFrom('bed');
    expect(bed.map((c) => c.target)).toEqual(['gff', 'bgzip', 'tabix', 'bigwig', 'fli', 'bed', 'bedstrict', 'bed6', 'bed12']);
    expect(bed.find((c) => c.target === 'bed')).toEqual({ source: 'interval', target: 'bed', tool_id: 'CONVERTER_interval_to_bed_0' });
    expect(bed.find((c) => c.target === 'bgzip')).toEqual({ source: 'bed', target: 'bgzip', tool_id: 'CONVERTER_bed_to_bgzip_0' });
  });

  it('is empty for unknown extensions and datatypes without converters', () => {
    expect(registry.convertersFrom('nope')).toEqual([]);
    expect(registry.convertersFrom('txt')).toEqual([]);
  });
});

describe('derivesFromClass', () => {
  it('follows the platform class hierarchy, dynamic subclasses included', () => {
    expect(registry.derivesFromClass('bed', 'galaxy.datatypes.interval.Interval')).toBe(true);
    expect(registry.derivesFromClass('h5', 'galaxy.datatypes.binary.Binary')).toBe(true);
    expect(registry.derivesFromClass('vcf_bgzip', 'galaxy.datatypes.binary.Binary')).toBe(true);
    expect(registry.derivesFromClass('fasta', 'galaxy.datatypes.tabular.Tabular')).toBe(false);
  });
});
