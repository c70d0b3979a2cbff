/**
 * The two spellings of the install routes: the contract's (`/api/depot_repositories`, `depot_url`)
 * and the one installation scripts send (`/api/tool_shed_repositories`, `tool_shed_url`). One
 * service serves both; its messages name the parameters as the caller sent them.
 */
import { callerText } from '../../errors/caller-text';
import { AppError, errors } from '../../errors/error-kinds';

export type ParameterStyle = 'depot' | 'tool_shed';

export interface StyleWords {
  url: string;
  urls: string;
  conf: string;
  /** How messages name a depot. */
  depot: string;
  api: string;
}

export const STYLE_WORDS: Record<ParameterStyle, StyleWords> = {
  depot: { url: 'depot_url', urls: 'depot_urls', conf: 'depot_tool_conf', depot: 'depot', api: 'depot_repositories' },
  tool_shed: { url: 'tool_shed_url', urls: 'tool_shed_urls', conf: 'shed_tool_conf', depot: 'tool shed', api: 'tool_shed_repositories' },
};

/** The platform's `hg_util.INITIAL_CHANGELOG_HASH`: what a repository without installable revisions answers. */
export const INITIAL_CHANGELOG_HASH = '000000000000';

/** The platform's message for both admin-only install routes (it reuses one text). */
export const NOT_AUTHORIZED = 'You are not authorized to request the latest installable revision for a repository in this Galaxy instance.';

export const ALREADY_INSTALLED = 'All repositories that you are attempting to install have been previously installed.';

/** The platform's RepositoriesInstalledException: a RequestParameterInvalidException (400, 400008). */
export class RepositoriesInstalledException extends AppError {
  constructor() {
    super('RequestParameterInvalidException', ALREADY_INSTALLED);
  }
}

/** The one depot tool configuration: the names installers may give it. */
const CONFIGURATION_NAMES = ['depot_tool_conf.xml', 'shed_tool_conf.xml'];

/** Whether a `shed_tool_conf` / `depot_tool_conf` value names this platform's depot tool configuration. */
export function namesDepotToolConf(value: string, toolDir: string): boolean {
  const trimmed = value.trim().replace(/\/+$/, '');
  const base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return CONFIGURATION_NAMES.includes(base) || trimmed === toolDir;
}

export function required(value: string | null | undefined, parameter: string): string {
  if (value === undefined || value === null || value.trim() === '') throw errors.missing(`Missing required parameter '${parameter}'.`);
  return value.trim();
}

/** The tool panel section of `new_tool_panel_section_label`: its id is the label in lower case, spaces as `_`. */
export function sectionForLabel(label: string): { id: string; name: string } {
  return { id: label.trim().toLowerCase().replace(/\s+/g, '_'), name: label.trim() };
}

/** Caller text inside a message, cut (a parameter may be megabytes long). */
export const shown = callerText;

/**
 * A depot's repository names and owners are short words (the depot's own rules are stricter:
 * lower-case letters, digits, '_' and '-'); these become directories of DEPOT_TOOL_DIR too.
 */
const REPOSITORY_WORD = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const MAX_WORD = 255;
/** A changeset revision: the hex digits of a commit (12 as depots give them, up to a whole 40). */
const CHANGESET = /^[0-9a-fA-F]{1,40}$/;
/** Longer depot URLs name no depot. */
const MAX_URL = 2048;

/** `name` or `owner`, refused (400) before any depot is asked when it cannot name a repository. */
export function repositoryWord(value: string, parameter: 'name' | 'owner'): string {
  if (value.length > MAX_WORD) throw errors.invalid(`The ${parameter} is longer than ${MAX_WORD} characters: ${shown(value)}`);
  if (!REPOSITORY_WORD.test(value)) throw errors.invalid(`The ${parameter} ( ${shown(value)} ) may hold only letters, digits, '_', '.' and '-'.`);
  return value;
}

export function changesetRevision(value: string): string {
  if (!CHANGESET.test(value)) throw errors.invalid(`Invalid changeset_revision ( ${shown(value)} ): a changeset revision is at most 40 hex digits.`);
  return value;
}

/** A depot URL (`depot_url` / `tool_shed_url`) of a reasonable length. */
export function depotUrlText(value: string, parameter: string): string {
  if (value.length > MAX_URL) throw errors.invalid(`The ${parameter} is longer than ${MAX_URL} characters: ${shown(value)}`);
  return value;
}

/** Tool panel section labels and ids are stored with the record (255 characters at most). */
export function sectionText(value: string, parameter: string): string {
  if (value.length > MAX_WORD) throw errors.invalid(`The ${parameter} is longer than ${MAX_WORD} characters: ${shown(value)}`);
  return value;
}
