import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { computeRevisionMetadata, type RevisionFile } from '../../../src/depot/metadata/revision-metadata';
import { scanRevision } from '../../../src/services/depot-installs/repository-metadata';
import { reverseToolXml } from '../../support/depot-install-helpers';

/**
 * An installed revision's tools and workflows are the ones the depot's metadata names: the platform
 * reads an unpacked revision by the depot's rules (test data, configuration and macros are not
 * tools; a repeated id and version is invalid; a `.ga` file must say it is a workflow).
 */
const FILES: Record<string, string> = {
  'reverse.xml': reverseToolXml('1.0'),
  'again/reverse.xml': reverseToolXml('1.0'),
  'test-data/reverse.xml': reverseToolXml('9.9', { id: 'in_test_data' }),
  'macros.xml': '<macros><xml name="requirements"><requirements/></xml></macros>',
  'tool_dependencies.xml': '<tool_dependency><package name="tac" version="1"/></tool_dependency>',
  'workflows/real.ga': JSON.stringify({ a_galaxy_workflow: 'true', name: 'Real', 'format-version': '0.1', steps: {} }),
  'workflows/plain.ga': JSON.stringify({ name: 'Not one' }),
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'scan-revision-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reading an unpacked revision on the platform', () => {
  it('finds the tools, invalid tools and workflows the depot finds in the same files', async () => {
    const scanned = await scanRevision(dir, { toolShed: 'localhost:9009', owner: 'alice', name: 'rev' }, { repositoryDependencies: null, toolDependencies: null });
    const files: RevisionFile[] = Object.entries(FILES).map(([path, text]) => ({ path, size: text.length, read: async () => text }));
    const depot = await computeRevisionMetadata(files, { depotUrl: 'http://localhost:9009', owner: 'alice', name: 'rev', latestInstallable: async () => undefined });

    expect(scanned.metadata.tools.map((tool) => [tool.guid, tool.toolConfig])).toEqual(depot.tools?.map((tool) => [tool.guid, tool.tool_config]));
    expect(scanned.metadata.tools.map((tool) => tool.guid)).toEqual(['localhost:9009/repos/alice/rev/reverse_lines/1.0']);
    expect(scanned.metadata.invalidTools.map((tool) => tool.path)).toEqual(depot.invalid_tools);
    expect(scanned.metadata.workflows.map((workflow) => workflow.path)).toEqual(depot.workflows?.map(([path]) => path));
    expect(scanned.metadata.workflows.map((workflow) => workflow.name)).toEqual(['Real']);
  });
});
