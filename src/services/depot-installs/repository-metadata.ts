/**
 * What an unpacked revision holds, computed on the platform as the platform computes an installed
 * repository's metadata: its tools (parsed with the platform's tool parser, named by depot guid),
 * its `.ga` workflows and the datatypes of its `datatypes_conf.xml`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { InstalledDatatypeMetadata, InstalledRepositoryMetadata, InstalledToolMetadata, InstalledWorkflowMetadata } from '../../entities/depot-install.entity';
import { parseDatatypesConf as readDatatypesConf } from '../../depot/metadata/parse-config-files';
import { stringAsBool } from '../../format/booleans';
import { parseToolXml, type ToolDefinition } from '../../tools';
import { isGaWorkflow, isNotATool, looksLikeTool, mayBeToolFile } from '../../tools/repository-files';

export interface ScannedRevision {
  metadata: InstalledRepositoryMetadata;
  /** The tools as parsed, by guid (the registry's definitions once renamed). */
  tools: Map<string, ToolDefinition>;
}

/** Directories deeper than this are not looked into (a repository is a few levels at most). */
const MAX_DEPTH = 8;

/** `<depot host[:port]>/repos/<owner>/<name>/<tool id>`: one tool across the repository's revisions. */
export const toolLineage = (toolShed: string, owner: string, name: string, toolId: string) => `${toolShed}/repos/${owner}/${name}/${toolId}`;

export const toolGuid = (lineage: string, version: string) => `${lineage}/${version}`;

/** The command reads the tool's own directory (a script beside the XML): only this server's disk has it. */
export function needsToolDirectory(tool: ToolDefinition): boolean {
  return tool.command.interpreter !== null || tool.command.template.includes('__tool_directory__');
}

async function filesBelow(root: string, dir = root, depth = 0): Promise<string[]> {
  if (depth > MAX_DEPTH) return [];
  const found: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesBelow(root, path, depth + 1)));
    else if (entry.isFile()) found.push(relative(root, path).split(sep).join('/'));
  }
  return found;
}

/** A `.ga` file that is a workflow (the depot's rule); null for anything else. */
function workflowEntry(path: string, text: string): InstalledWorkflowMetadata | null {
  try {
    const dict = JSON.parse(text) as unknown;
    if (!isGaWorkflow(dict)) return null;
    const value = (key: string) => {
      const found = dict[key];
      return typeof found === 'string' ? found : typeof found === 'number' ? String(found) : '';
    };
    return { path, name: value('name'), annotation: value('annotation'), formatVersion: value('format-version') };
  } catch {
    return null;
  }
}

/** `<datatypes><registration><datatype extension type subclass mimetype display_in_upload/>`, read as the depot reads it. */
export function parseDatatypesConf(text: string, path = 'datatypes_conf.xml'): InstalledDatatypeMetadata[] {
  return readDatatypesConf(text, path).map((datatype) => ({
    extension: datatype.extension,
    type: datatype.dtype || null,
    subclass: stringAsBool(datatype.subclass),
    mimetype: datatype.mimetype ?? null,
    displayInUpload: stringAsBool(datatype.display_in_upload),
  }));
}

/**
 * Reads the unpacked repository at `dir`, by the rules the depot computes metadata with
 * (`tools/repository-files.ts`): a tool that does not parse, or repeats an id and version, is recorded
 * among the invalid tools and left out; a `.ga` file that is not a workflow is left out.
 */
export async function scanRevision(dir: string, revision: { toolShed: string; owner: string; name: string }, dependencies: Pick<InstalledRepositoryMetadata, 'repositoryDependencies' | 'toolDependencies'>): Promise<ScannedRevision> {
  const metadata: InstalledRepositoryMetadata = { tools: [], invalidTools: [], workflows: [], datatypes: [], ...dependencies };
  const tools = new Map<string, ToolDefinition>();
  for (const path of await filesBelow(dir)) {
    const absolute = join(dir, path);
    if (path === 'datatypes_conf.xml') {
      try {
        metadata.datatypes = parseDatatypesConf(await readFile(absolute, 'utf8'));
      } catch (error) {
        metadata.invalidTools.push({ path, message: error instanceof Error ? error.message : String(error) });
      }
    } else if (mayBeToolFile(path)) {
      const text = await readFile(absolute, 'utf8');
      if (!looksLikeTool(text)) continue;
      try {
        const parsed = parseToolXml(text, absolute);
        const lineage = toolLineage(revision.toolShed, revision.owner, revision.name, parsed.id);
        const guid = toolGuid(lineage, parsed.version);
        if (tools.has(guid)) {
          metadata.invalidTools.push({ path, message: `a second tool ${parsed.id} version ${parsed.version}` });
          continue;
        }
        tools.set(guid, { ...parsed, id: guid });
        const entry: InstalledToolMetadata = { guid, id: parsed.id, version: parsed.version, name: parsed.name, description: parsed.description, toolConfig: path };
        metadata.tools.push(entry);
      } catch (error) {
        if (isNotATool(error)) continue;
        metadata.invalidTools.push({ path, message: error instanceof Error ? error.message : String(error) });
      }
    } else if (path.endsWith('.ga')) {
      const entry = workflowEntry(path, await readFile(absolute, 'utf8'));
      if (entry) metadata.workflows.push(entry);
    }
  }
  return { metadata, tools };
}
