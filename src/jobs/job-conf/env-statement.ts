import type { EnvEntry } from './types';

/** Double-quoted as the platform quotes env values: only `"` is escaped, so `$VAR` still expands. */
const quoted = (value: string) => `"${value.replace(/"/g, '\\"')}"`;

/**
 * The shell statement a job script runs for one `<env>` of its destination, as the platform writes it:
 * `NAME="value"; export NAME`, `. "file"`, or the `exec` command itself (`raw="true"` leaves the value
 * or file name unquoted).
 */
export function envStatement(entry: EnvEntry): string {
  if ('exec' in entry) return entry.exec;
  if ('file' in entry) return `. ${entry.raw ? entry.file : quoted(entry.file)}`;
  return `${entry.name}=${entry.raw ? entry.value : quoted(entry.value)}; export ${entry.name}`;
}
