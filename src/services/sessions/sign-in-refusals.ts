import { AppError, errors } from '../../errors/error-kinds';

/** How a failed sign-in is answered: for an account that does not exist, and for a wrong password (or a deleted account). */
export interface SignInRefusals {
  unknownAccount(): AppError;
  wrongPassword(): AppError;
}

/**
 * `GET /api/authenticate/baseauth` (and the graph's `authenticate` behind it): the platform's own
 * messages, which its clients read.
 */
export const BASEAUTH_REFUSALS: SignInRefusals = {
  unknownAccount: () => errors.notFound('The user does not exist.'),
  wrongPassword: () => new AppError('AuthenticationFailed', 'Invalid password.'),
};

/** A browser sign-in (the graph's `login`): one answer, which does not tell whether the account exists. */
export const SIGN_IN_REFUSALS: SignInRefusals = {
  unknownAccount: () => new AppError('AuthenticationFailed', 'Invalid email or password.'),
  wrongPassword: () => new AppError('AuthenticationFailed', 'Invalid email or password.'),
};
