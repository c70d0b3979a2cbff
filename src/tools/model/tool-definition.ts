/** The parsed form of one tool XML document. */
import type { ToolInput } from './inputs';

export interface Requirement {
  type: string;
  name: string;
  version: string | null;
}

export interface Container {
  type: string;
  identifier: string;
}

export interface ConfigFile {
  name: string;
  /** Cheetah template of the file's content. */
  template: string;
}

export interface ToolOutput {
  name: string;
  /** Declared format; `input` is the legacy spelling of "same as the first data input". */
  format: string;
  formatSource: string | null;
  metadataSource: string | null;
  fromWorkDir: string | null;
  label: string | null;
  hidden: boolean;
  /** `<filter>` expressions, kept as text (evaluated by the job engine, if at all). */
  filters: string[];
}

export type Citation = { type: 'bibtex'; content: string } | { type: 'doi'; doi: string };

export type StdioLevel = 'log' | 'warning' | 'fatal';

/** `<exit_code range="…">`; open ends are -Infinity / Infinity. */
export interface ExitCodeRule {
  from: number;
  to: number;
  level: StdioLevel;
  description: string | null;
}

export interface RegexRule {
  match: string;
  sources: Array<'stdout' | 'stderr'>;
  level: StdioLevel;
  description: string | null;
}

export interface StdioRules {
  exitCodes: ExitCodeRule[];
  regexes: RegexRule[];
}

export interface ToolCommand {
  /** Cheetah template text exactly as in the XML (entity-decoded). */
  template: string;
  /** Legacy `interpreter` attribute (e.g. `python`): prefixed, and the script resolved in the tool dir. */
  interpreter: string | null;
  /** `detect_errors` attribute (`exit_code`, `aggressive`, `default`), if any. */
  detectErrors: string | null;
}

export interface ToolDefinition {
  id: string;
  name: string;
  version: string;
  description: string;
  /** `tool_type` attribute (e.g. `data_source`); null for ordinary tools. */
  toolType: string | null;
  hidden: boolean;
  workflowCompatible: boolean;
  requirements: Requirement[];
  containers: Container[];
  command: ToolCommand;
  configFiles: ConfigFile[];
  inputs: ToolInput[];
  outputs: ToolOutput[];
  citations: Citation[];
  help: string;
  stdio: StdioRules;
  /** File path or label the XML was read from. */
  source: string | null;
}
