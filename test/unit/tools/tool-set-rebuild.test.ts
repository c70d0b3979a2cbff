import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../../src/logging/logger';
import type { ToolDataService } from '../../../src/services/tool-data';
import { ToolCatalogService, toolSetChanges } from '../../../src/services/tools';
import { parseToolXml } from '../../../src/tools';

const xml = (id: string, version: string) =>
  `<tool id="${id}" name="${id}" version="${version}"><command>true</command><inputs/><outputs><data name="out" format="txt"/></outputs></tool>`;

describe('the tool set made anew ("Reload tools")', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tool-set-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the one registry object every runner holds, its content replaced', () => {
    writeFileSync(join(dir, 'a.xml'), xml('a_tool', '1'));
    const catalog = new ToolCatalogService([dir], createLogger('silent'), {} as ToolDataService);
    const held = catalog.registry;
    const copy = held.copy();
    writeFileSync(join(dir, 'b.xml'), xml('b_tool', '1'));
    const changes = catalog.rebuild([], { rereadDirectories: true });
    expect(changes).toEqual({ added: ['b_tool'], removed: [], changed: [], problems: [] });
    expect(catalog.registry).toBe(held);
    expect(held.get('b_tool')).toBeDefined();
    // A copy taken before is left as it was.
    expect(copy.get('b_tool')).toBeUndefined();
  });

  it('drops installed tools not given again, and keeps TOOL_DIRS as last read unless asked to read them', () => {
    writeFileSync(join(dir, 'a.xml'), xml('a_tool', '1'));
    const catalog = new ToolCatalogService([dir], createLogger('silent'), {} as ToolDataService);
    const installed = { tool: { ...parseToolXml(xml('rev', '1'), 'rev.xml'), id: 'depot/repos/o/r/rev/1' }, oldId: 'rev', lineage: 'depot/repos/o/r/rev', section: null };
    catalog.addInstalled([installed]);
    expect(catalog.find('rev').id).toBe('depot/repos/o/r/rev/1');
    writeFileSync(join(dir, 'a.xml'), xml('a_tool', '2'));
    expect(catalog.rebuild([], { rereadDirectories: false })).toEqual({ added: [], removed: ['depot/repos/o/r/rev/1'], changed: [], problems: [] });
    expect(() => catalog.find('rev')).toThrow(/rev/);
    expect(catalog.rebuild([installed], { rereadDirectories: true })).toEqual({ added: ['depot/repos/o/r/rev/1'], removed: [], changed: ['a_tool'], problems: [] });
    expect(catalog.versions('rev')).toEqual(['1']);
  });

  it('tells added, removed and changed tools apart by their fingerprints', () => {
    const before = new Map([['a', '1'], ['b', '1'], ['c', '1']]);
    const after = new Map([['a', '1'], ['b', '2'], ['d', '1']]);
    expect(toolSetChanges(before, after)).toEqual({ added: ['d'], removed: ['c'], changed: ['b'] });
  });
});
