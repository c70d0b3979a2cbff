/** The platform's rules for a new repository's name (each returns '' or the message). */

const VALID_NAME = /^[a-z0-9_]+$/;

/** Words the depot keeps for its own paths. */
const RESERVED = ['repos'];

export function repositoryNameProblem(name: string): string {
  if (!name || name === 'None') return 'Enter the required repository name.';
  if (RESERVED.includes(name)) return `The term "${name}" is a reserved word in the Tool Shed, so it cannot be used as a repository name.`;
  if (name.length < 2) return 'Repository names must be at least 2 characters in length.';
  if (name.length > 80) return 'Repository names cannot be more than 80 characters in length.';
  if (!VALID_NAME.test(name)) return 'Repository names must contain only lower-case letters, numbers and underscore.';
  return '';
}

/** The message when the owner already has a repository of that name. */
export function takenNameProblem(name: string, deleted: boolean): string {
  return deleted ? `You own a deleted repository named "${name}", please choose a different name.` : `You already own a repository named "${name}", please choose a different name.`;
}
