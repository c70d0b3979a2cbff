import { AppError, errors } from '../../errors/error-kinds';

/** `scope` of the permission listings: the current roles, or the roles one may choose. */
export type PermissionScope = 'current' | 'available';

export function parseScope(scope: string | null | undefined): PermissionScope {
  const value = scope ?? 'current';
  if (value !== 'current' && value !== 'available') {
    throw new AppError('RequestParameterInvalidException', 'The value of \'scope\' parameter is invalid. Alllowed values: current, available');
  }
  return value;
}

/** The permission `action` of a POST: required, and one of the allowed ones. */
export function parseAction<T extends string>(action: string | null | undefined, allowed: readonly T[]): T {
  if (!action) throw errors.missing('The mandatory parameter "action" is missing.');
  if (!(allowed as readonly string[]).includes(action)) {
    throw new AppError('RequestParameterInvalidException', `The mandatory parameter "action" has an invalid value. Allowed values are: ${allowed.map((a) => `"${a}"`).join(', ')}`);
  }
  return action as T;
}
