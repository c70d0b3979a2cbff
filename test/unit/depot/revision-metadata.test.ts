import { keepsEverythingOf } from '../../../src/depot/metadata/compare-metadata';
import { flagsOf, isInstallable, type RevisionMetadata } from '../../../src/depot/metadata/metadata-types';
import { parseDatatypesConf, parseRepositoryDependencies, parseToolDependencies } from '../../../src/depot/metadata/parse-config-files';
import { computeRevisionMetadata, type MetadataSubject, type RevisionFile } from '../../../src/depot/metadata/revision-metadata';
import { checkExportInfo, parseManifest } from '../../../src/depot/services/capsules/capsule-format';
import { ToolParseError } from '../../../src/tools/errors';

const files = (contents: Record<string, string>): RevisionFile[] =>
  Object.entries(contents).map(([path, text]) => ({ path, size: Buffer.byteLength(text), read: async () => text }));

const subject = (known: Record<string, string | null> = {}): MetadataSubject => ({
  depotUrl: 'http://depot.example.org:9009',
  owner: 'alice',
  name: 'reverse',
  latestInstallable: async (name, owner) => (`${owner}/${name}` in known ? known[`${owner}/${name}`] : undefined),
});

const tool = (id: string, version: string) => `<tool id="${id}" name="${id.toUpperCase()}" version="${version}"><description>does ${id}</description><requirements><requirement type="package" version="1.2">samtools</requirement></requirements><command>true</command><inputs/><outputs/></tool>`;

describe('the metadata of a revision', () => {
  it("lists its tools, parsed with the platform's tool parser, with guids of this depot, owner and repository", async () => {
    const metadata = await computeRevisionMetadata(files({ 'tools/b.xml': tool('b_tool', '2.0'), 'a.xml': tool('a_tool', '1.0') }), subject());
    expect(metadata.tools).toEqual([
      { id: 'a_tool', name: 'A_TOOL', version: '1.0', guid: 'depot.example.org:9009/repos/alice/reverse/a_tool/1.0', description: 'does a_tool', tool_config: 'a.xml', add_to_tool_panel: true, requirements: [{ name: 'samtools', version: '1.2', type: 'package' }] },
      expect.objectContaining({ id: 'b_tool', version: '2.0', tool_config: 'tools/b.xml', guid: 'depot.example.org:9009/repos/alice/reverse/b_tool/2.0' }),
    ]);
    expect(isInstallable(metadata)).toBe(true);
    expect(flagsOf(metadata)).toEqual({ includesTools: true, includesToolsForDisplayInToolPanel: true, includesWorkflows: false, includesDatatypes: false, includesToolDependencies: false, hasRepositoryDependencies: false });
  });

  it('records tools that do not parse as invalid, and ignores XML that is not a tool and test data', async () => {
    const metadata = await computeRevisionMetadata(files({ 'broken.xml': '<tool id="x" version="1"><inputs>', 'macros.xml': '<macros><token name="@V@">1</token></macros>', 'test-data/t.xml': tool('data_only', '1'), 'noid.xml': '<tool name="n"/>' }), subject());
    expect(metadata.tools).toBeUndefined();
    expect(metadata.invalid_tools).toEqual(['broken.xml', 'noid.xml']);
    expect(isInstallable(metadata)).toBe(false);
  });

  it('keeps .ga workflows (their whole export), datatypes of datatypes_conf.xml and readme files', async () => {
    const workflow = { a_galaxy_workflow: 'true', name: 'Reverse twice', annotation: 'twice', 'format-version': '0.1', steps: {} };
    const metadata = await computeRevisionMetadata(
      files({
        'workflows/twice.ga': JSON.stringify(workflow),
        'not-a-workflow.ga': '{"name": "x"}',
        'datatypes_conf.xml': '<datatypes><registration><datatype extension="rev" type="galaxy.datatypes.data:Text" subclass="True" display_in_upload="true"/></registration></datatypes>',
        'README': 'hello',
      }),
      subject(),
    );
    expect(metadata.workflows).toEqual([['workflows/twice.ga', workflow]]);
    expect(metadata.datatypes).toEqual([{ extension: 'rev', dtype: 'galaxy.datatypes.data:Text', subclass: 'True', display_in_upload: 'true' }]);
    expect(metadata.datatypes_config).toBe('datatypes_conf.xml');
    expect(metadata.readme_files).toEqual(['README']);
  });

  it('reads tool_dependencies.xml into the platform layout (name/version keys, set_environment lists)', async () => {
    const metadata = await computeRevisionMetadata(
      files({
        'tool_dependencies.xml': `<tool_dependency><package name="samtools" version="0.1.18"><install version="1.0"/><readme>Builds samtools.</readme></package>
          <set_environment version="1.0"><environment_variable name="REF_PATH" action="set_to">/ref</environment_variable></set_environment></tool_dependency>`,
      }),
      subject(),
    );
    expect(metadata.tool_dependencies).toEqual({
      'samtools/0.1.18': { name: 'samtools', version: '0.1.18', type: 'package', readme: 'Builds samtools.' },
      set_environment: [{ name: 'REF_PATH', type: 'set_environment' }],
    });
    expect(flagsOf(metadata).includesToolDependencies).toBe(true);
  });

  it('fills in the depot and the latest installable revision of repository dependencies that name none, and records the ones it cannot resolve', async () => {
    const metadata = await computeRevisionMetadata(
      files({
        'repository_dependencies.xml': `<repositories description="Needs the package">
          <repository name="package_samtools" owner="devteam" prior_installation_required="True"/>
          <repository name="pinned" owner="devteam" changeset_revision="0123456789ab" toolshed="http://depot.example.org:9009"/>
          <repository name="missing" owner="nobody"/>
          <repository name="elsewhere" owner="x" toolshed="https://other.example.org"/>
        </repositories>`,
      }),
      subject({ 'devteam/package_samtools': 'aaaaaaaaaaaa', 'devteam/pinned': 'bbbbbbbbbbbb' }),
    );
    expect(metadata.repository_dependencies).toEqual({
      description: 'Needs the package',
      repository_dependencies: [
        ['http://depot.example.org:9009', 'package_samtools', 'devteam', 'aaaaaaaaaaaa', 'True', 'False'],
        ['http://depot.example.org:9009', 'pinned', 'devteam', '0123456789ab', 'False', 'False'],
      ],
    });
    expect(metadata.invalid_repository_dependencies?.invalid_repository_dependencies.map((tuple) => tuple[1])).toEqual(['missing', 'elsewhere']);
    expect(flagsOf(metadata).hasRepositoryDependencies).toBe(true);
  });
});

describe("a revision's XML with a document type declaration or deep nesting", () => {
  const ENTITY = '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>';
  const deep = (root: string) => `<${root}>${'<a>'.repeat(20000)}${'</a>'.repeat(20000)}</${root}>`;

  it('is an invalid tool, registers no datatypes, defines no dependencies, and names the problem of repository_dependencies.xml', async () => {
    const metadata = await computeRevisionMetadata(
      files({
        'entity.xml': `${ENTITY}<tool id="e" name="&e;" version="1"/>`,
        'deep.xml': `<tool id="d" version="1"><help>${'<a>'.repeat(20000)}${'</a>'.repeat(20000)}</help></tool>`,
        'datatypes_conf.xml': `${ENTITY}<datatypes><registration><datatype extension="&e;" type="galaxy.datatypes.data:Text"/></registration></datatypes>`,
        'tool_dependencies.xml': deep('tool_dependency'),
        'repository_dependencies.xml': `${ENTITY}<repositories><repository name="&e;" owner="bob"/></repositories>`,
        'ok.xml': tool('ok_tool', '1.0'),
      }),
      subject(),
    );
    expect(metadata.invalid_tools).toEqual(['deep.xml', 'entity.xml']);
    expect(metadata.tools?.map((entry) => entry.id)).toEqual(['ok_tool']);
    expect(metadata.datatypes).toBeUndefined();
    expect(metadata.tool_dependencies).toBeUndefined();
    expect(metadata.invalid_repository_dependencies?.invalid_repository_dependencies[0]?.[6]).toBe('repository_dependencies.xml: a document type declaration (<!DOCTYPE>, entities) is not accepted');
  });

  it('is refused by each configuration reader and by the capsule manifest readers with a ToolParseError naming the file', () => {
    const readers: Array<[string, (text: string) => unknown, string]> = [
      ['datatypes_conf.xml', (text) => parseDatatypesConf(text, 'datatypes_conf.xml'), 'datatypes'],
      ['repository_dependencies.xml', (text) => parseRepositoryDependencies(text, 'repository_dependencies.xml'), 'repositories'],
      ['tool_dependencies.xml', (text) => parseToolDependencies(text, 'tool_dependencies.xml'), 'tool_dependency'],
      ['manifest.xml', parseManifest, 'repositories'],
      ['export_info.xml', checkExportInfo, 'export_info'],
    ];
    for (const [file, read, root] of readers) {
      expect(() => read(`${ENTITY}<${root}/>`)).toThrow(new ToolParseError('a document type declaration (<!DOCTYPE>, entities) is not accepted', file));
      expect(() => read(deep(root))).toThrow(new ToolParseError('elements are nested more than 100 levels deep', file));
    }
  });
});

describe('the installable-revision rule (keepsEverythingOf)', () => {
  const tools = (...versions: Array<[string, string]>): RevisionMetadata => ({ tools: versions.map(([id, version]) => ({ id, version, name: id, guid: '', description: '', tool_config: `${id}.xml`, add_to_tool_panel: true, requirements: [] })) });

  it('a revision that keeps every tool at its version (and adds more) only supersedes the previous one', () => {
    expect(keepsEverythingOf(tools(['a', '1']), tools(['a', '1']))).toBe(true);
    expect(keepsEverythingOf(tools(['a', '1'], ['b', '1']), tools(['a', '1']))).toBe(true);
  });

  it("a tool's new version or a removed tool makes a new installable revision", () => {
    expect(keepsEverythingOf(tools(['a', '2']), tools(['a', '1']))).toBe(false);
    expect(keepsEverythingOf(tools(['b', '1']), tools(['a', '1'], ['b', '1']))).toBe(false);
  });

  it('workflows, datatypes and dependencies count alike', () => {
    const older: RevisionMetadata = { datatypes: [{ extension: 'rev', dtype: 'x:Y' }], tool_dependencies: { 'samtools/1.0': { name: 'samtools', version: '1.0', type: 'package' } } };
    expect(keepsEverythingOf({ ...older, tools: tools(['a', '1']).tools }, older)).toBe(true);
    expect(keepsEverythingOf({ datatypes: older.datatypes }, older)).toBe(false);
    expect(keepsEverythingOf({ ...older, tool_dependencies: { 'samtools/1.1': { name: 'samtools', version: '1.1', type: 'package' } } }, older)).toBe(false);
  });
});
