import { loadDatatypesRegistry } from '../../datatypes';
import type { InstalledDatatypeMetadata } from '../../entities/depot-install.entity';
import type { Logger } from '../../logging/logger';

/**
 * Adds the datatypes of installed repositories to this process's datatype registry. Only classes
 * the platform has can be loaded (a repository's own Python classes never run here): those are
 * logged and left out, as the platform leaves out a datatype whose class fails to import.
 */
export function registerInstalledDatatypes(datatypes: readonly InstalledDatatypeMetadata[], log: Logger): string[] {
  if (datatypes.length === 0) return [];
  const { added, refused } = loadDatatypesRegistry().addDatatypes(datatypes);
  if (refused.length > 0) log.warn({ refused }, 'datatypes of an installed repository name classes this platform does not have');
  return added;
}
