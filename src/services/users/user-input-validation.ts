import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../entities/user.entity';

/** The platform's account validators (validate_user_input); each returns '' or a message. */

const EMAIL = /^[^@]+@[^@]+\.[^@]+/;
const PUBLIC_NAME = /^[a-z0-9-]+$/;
const EMAIL_MAX = 255;
const PUBLIC_NAME_MIN = 3;
const PUBLIC_NAME_MAX = 255;

/** The form of an email address, whatever accounts exist (the depot checks its own accounts). */
export function emailFormatProblem(email: string): string {
  if (!EMAIL.test(email)) return 'The format of the email address is not correct.';
  if (email.length > EMAIL_MAX) return `Email address cannot be more than ${EMAIL_MAX} characters in length.`;
  return '';
}

export async function validateEmail(em: EntityManager, email: string): Promise<string> {
  const problem = emailFormatProblem(email);
  if (problem) return problem;
  if ((await em.count(User, { email })) > 0) return 'User with that email already exists.';
  return '';
}

export function validatePassword(password: string, confirm: string): string {
  if (password.length < 6) return 'Use a password of at least 6 characters.';
  if (password !== confirm) return 'Passwords do not match.';
  return '';
}

/** The form of a public name, whatever accounts exist. */
export function publicNameFormatProblem(name: string): string {
  if (name.length < PUBLIC_NAME_MIN) return `Public name must be at least ${PUBLIC_NAME_MIN} characters in length.`;
  if (name.length > PUBLIC_NAME_MAX) return `Public name cannot be more than ${PUBLIC_NAME_MAX} characters in length.`;
  if (!PUBLIC_NAME.test(name)) return "Public name must contain only lower-case letters, numbers and '-'.";
  return '';
}

export async function validatePublicName(em: EntityManager, name: string): Promise<string> {
  const problem = publicNameFormatProblem(name);
  if (problem) return problem;
  if ((await em.count(User, { username: name })) > 0) return 'Public name is taken; please choose another.';
  return '';
}
