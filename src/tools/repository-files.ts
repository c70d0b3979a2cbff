/**
 * Which files of a tool repository's revision are its tools and workflows: one set of rules for the
 * depot computing a revision's metadata and for the platform installing it, as the platform applies
 * them to both.
 */
import { basename } from 'node:path';
import { ToolParseError } from './errors';

/** Configuration files beside the tools: never tools themselves. */
export const REPOSITORY_CONFIG_FILES = ['datatypes_conf.xml', 'repository_dependencies.xml', 'tool_dependencies.xml'] as const;

const inTestData = (path: string) => path.split('/').includes('test-data');

/** An XML file (by its repository path) that may hold a tool: not test data, not configuration. */
export function mayBeToolFile(path: string): boolean {
  return path.endsWith('.xml') && !inTestData(path) && !(REPOSITORY_CONFIG_FILES as readonly string[]).includes(basename(path));
}

/** The text has a `<tool` element (comments aside); other XML (macros, data) is not looked at. */
export function looksLikeTool(text: string): boolean {
  return /<tool[\s>]/.test(text.replace(/<!--[\s\S]*?-->/g, ''));
}

/** A parse failure that only says the file is not a tool (its root is another element): not an invalid tool. */
export function isNotATool(error: unknown): boolean {
  return error instanceof ToolParseError && /root element is </.test(error.message);
}

/** A parsed `.ga` file is a workflow when it says so (`"a_galaxy_workflow": "true"`). */
export function isGaWorkflow(parsed: unknown): parsed is Record<string, unknown> {
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && String((parsed as Record<string, unknown>).a_galaxy_workflow) === 'true';
}
