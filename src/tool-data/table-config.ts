/**
 * `tool_data_table_conf.xml` → table definitions, as the platform reads them: `<table name type
 * comment_char separator allow_duplicate_entries>` with `<columns>a, b, c</columns>` (or `<column
 * name index/>` elements) and one or more `<file path|url/>`. A table that cannot be used is reported
 * as a problem and left out; the others load.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { childElements, firstChild, parseXmlDocument, textContent, type XmlElement } from '../tools/xml/xml-tree';
import { expandHere } from './here-template';

/** The table's columns: name → index (several names may share an index), in the platform's two views. */
export interface TableColumns {
  /** Name → index, in declaration order; `name` is added at the index of `value` when absent. */
  byName: ReadonlyMap<string, number>;
  /** The highest index: a row needs more fields than this. */
  largestIndex: number;
}

/** One `.loc` file of a table, with the reading rules of the `<table>` element that named it. */
export interface LocFileSpec {
  path: string;
  separator: string;
  commentChar: string;
  /** Rows of a file merged from a second definition of the table are added only when new. */
  merged: boolean;
}

export interface TableDefinition {
  name: string;
  columns: TableColumns;
  allowDuplicates: boolean;
  files: LocFileSpec[];
  /** Where it was defined (logs). */
  configFile: string;
}

export interface ConfigProblem {
  configFile: string;
  table?: string;
  problem: string;
}

export interface ParsedConfig {
  tables: TableDefinition[];
  problems: ConfigProblem[];
  /** `<file url>` sources, which are not fetched. */
  skippedUrls: Array<{ table: string; url: string }>;
}

/** The platform's `asbool`. */
function asBool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const text = value.trim().toLowerCase();
  if (['true', 'yes', 'on', 'y', 't', '1'].includes(text)) return true;
  if (['false', 'no', 'off', 'n', 'f', '0'].includes(text)) return false;
  return fallback;
}

function parseColumns(table: XmlElement): TableColumns {
  const byName = new Map<string, number>();
  let largestIndex = 0;
  const shorthand = firstChild(table, 'columns');
  if (shorthand) {
    textContent(shorthand)
      .split(',')
      .map((name) => name.trim())
      .forEach((name, index) => {
        byName.set(name, index);
        largestIndex = index;
      });
  } else {
    for (const column of childElements(table, 'column')) {
      const name = column.attrs.name;
      const rawIndex = column.attrs.index;
      if (name === undefined) throw new Error("a <column> has no 'name' attribute");
      if (rawIndex === undefined || !/^\s*\d+\s*$/.test(rawIndex)) throw new Error(`column '${name}' has no usable 'index' attribute`);
      const index = Number(rawIndex);
      byName.set(name, index);
      largestIndex = Math.max(largestIndex, index);
    }
  }
  const value = byName.get('value');
  if (value === undefined) throw new Error("the required 'value' column is missing");
  if (!byName.has('name')) byName.set('name', value);
  return { byName, largestIndex };
}

/**
 * Where a `<file path>` lies: `${__HERE__}` is the configuration file's directory; a relative path
 * (with or without the platform's `tool-data/` prefix) lies in the tool data directory; a path that
 * does not exist falls back, as on the platform, to its file name in the tool data directory.
 */
export function resolveLocPath(raw: string, configDir: string, toolDataPath: string): string {
  const expanded = expandHere(raw, configDir);
  let path: string;
  if (isAbsolute(expanded)) path = resolve(expanded);
  else path = join(toolDataPath, expanded.startsWith('tool-data/') ? expanded.slice('tool-data/'.length) : expanded);
  if (!existsSync(path) && dirname(path) !== toolDataPath) {
    const corrected = join(toolDataPath, basename(path));
    if (existsSync(corrected)) return corrected;
  }
  return path;
}

function parseTable(element: XmlElement, configFile: string, toolDataPath: string, skippedUrls: ParsedConfig['skippedUrls']): TableDefinition {
  const name = element.attrs.name;
  if (!name) throw new Error("a <table> has no 'name' attribute");
  const type = element.attrs.type ?? 'tabular';
  if (type !== 'tabular') throw new Error(`table type '${type}' is not supported (only 'tabular')`);
  const separator = element.attrs.separator || '\t';
  // An empty comment_char would make every line a comment; it means "no comments" here.
  const commentChar = element.attrs.comment_char ?? '#';
  const files: LocFileSpec[] = [];
  for (const file of childElements(element, 'file')) {
    const path = file.attrs.path;
    if (path === undefined) {
      if (file.attrs.url) skippedUrls.push({ table: name, url: file.attrs.url });
      continue;
    }
    const resolved = resolveLocPath(path, dirname(configFile), toolDataPath);
    if (!files.some((known) => known.path === resolved)) files.push({ path: resolved, separator, commentChar, merged: false });
  }
  return { name, columns: parseColumns(element), allowDuplicates: asBool(element.attrs.allow_duplicate_entries, true), files, configFile };
}

const sameColumns = (a: TableColumns, b: TableColumns) =>
  a.largestIndex === b.largestIndex && a.byName.size === b.byName.size && [...a.byName].every(([name, index]) => b.byName.get(name) === index);

/**
 * Reads the definitions of one or more configuration files (their text given). A table named again
 * adds its files to the first definition (their rows join when new), as the platform merges them.
 */
export function parseTableConfigs(configs: Array<{ path: string; text: string }>, toolDataPath: string): ParsedConfig {
  const byName = new Map<string, TableDefinition>();
  const problems: ConfigProblem[] = [];
  const skippedUrls: ParsedConfig['skippedUrls'] = [];
  for (const { path, text } of configs) {
    let root: XmlElement;
    try {
      root = parseXmlDocument(text, path);
    } catch (error) {
      problems.push({ configFile: path, problem: error instanceof Error ? error.message : String(error) });
      continue;
    }
    // A file may hold <tables> with tables, or one <table> (as shipped by tool repositories).
    const elements = root.tag === 'table' ? [root] : childElements(root, 'table');
    for (const element of elements) {
      let table: TableDefinition;
      try {
        table = parseTable(element, path, toolDataPath, skippedUrls);
      } catch (error) {
        problems.push({ configFile: path, table: element.attrs.name, problem: error instanceof Error ? error.message : String(error) });
        continue;
      }
      const known = byName.get(table.name);
      if (!known) {
        byName.set(table.name, table);
      } else if (!sameColumns(known.columns, table.columns)) {
        problems.push({ configFile: path, table: table.name, problem: 'a second definition of the table has other columns; it is ignored' });
      } else {
        for (const file of table.files) {
          if (!known.files.some((existing) => existing.path === file.path)) known.files.push({ ...file, merged: true });
        }
        // A definition that refuses duplicates makes the merged table refuse them.
        if (!table.allowDuplicates) known.allowDuplicates = false;
      }
    }
  }
  return { tables: [...byName.values()], problems, skippedUrls };
}
