import { readFileSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { type Ctx, HttpError, requireUser } from './http';

/**
 * GET /api/tool_data and /api/tool_data/{id}, plainly: the tables are read once at start from the
 * same configuration and `.loc` files as the service (`<columns>` shorthand, tab-separated lines,
 * `#` comments), and each request checks the caller is an administrator (the key: one statement).
 */

export interface BaselineTable {
  name: string;
  columns: string[];
  fields: string[][];
}

interface TableElement {
  name: string;
  columns: string;
  file?: { path?: string } | Array<{ path?: string }>;
}

function locPath(path: string, toolDataPath: string): string {
  if (isAbsolute(path)) return path;
  return join(toolDataPath, path.startsWith('tool-data/') ? basename(path) : path);
}

function readLoc(path: string, largestIndex: number): string[][] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '')
    .map((line) => line.split('\t'))
    .filter((fields) => fields.length > largestIndex);
}

export function loadToolData(configFile: string | undefined, toolDataPath: string | undefined): BaselineTable[] {
  if (!configFile || !toolDataPath) return [];
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'table' });
  const root = parser.parse(readFileSync(configFile, 'utf8')) as { tables?: { table?: TableElement[] } };
  return (root.tables?.table ?? []).map((table) => {
    const columns = String(table.columns).split(',').map((name) => name.trim());
    const files = Array.isArray(table.file) ? table.file : table.file ? [table.file] : [];
    const fields = files.flatMap((file) => (file.path ? readLoc(locPath(file.path, toolDataPath), columns.length - 1) : []));
    return { name: table.name, columns, fields };
  });
}

function requireAdmin(ctx: Ctx): void {
  if (!requireUser(ctx).isAdmin) throw new HttpError('AdminRequiredException', 'You must be an administrator to access this feature.');
}

export async function listToolData(ctx: Ctx, tables: readonly BaselineTable[]): Promise<unknown> {
  requireAdmin(ctx);
  return tables.map((table) => ({ model_class: 'TabularToolDataTable', name: table.name }));
}

export async function showToolData(ctx: Ctx, tables: readonly BaselineTable[], name: string): Promise<unknown> {
  requireAdmin(ctx);
  const table = tables.find((candidate) => candidate.name === name);
  if (!table) throw new HttpError('ObjectNotFound', `No such data table ${name}`);
  return { model_class: 'TabularToolDataTable', name: table.name, columns: table.columns, fields: table.fields };
}
