import { keepsEverythingOf } from '../../../src/depot/metadata/compare-metadata';
import { flagsOf, isInstallable, type RevisionMetadata } from '../../../src/depot/metadata/metadata-types';
import { computeRevisionMetadata, type MetadataSubject, type RevisionFile } from '../../../src/depot/metadata/revision-metadata';

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
