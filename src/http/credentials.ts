import { parse as parseCookies } from 'cookie';
import type { Request } from 'express';
import type { Credentials } from '../auth/identity.service';
import { isPlainObject } from './body-parser';
import { rejectNulText } from './text-guard';

export const SESSION_COOKIE = 'galaxysession';

/**
 * The API key from the `key` query/form/JSON parameter or the x-api-key header, and the session
 * cookie. Credentials holding NUL characters are refused (400) before any of them is looked up.
 */
export function credentialsOf(req: Request, sessionCookie: string = SESSION_COOKIE): Credentials {
  const fromQuery = firstString(req.query.key);
  const fromBody = isPlainObject(req.body) ? firstString(req.body.key) : undefined;
  const fromHeader = firstString(req.headers['x-api-key']);
  const cookies = parseCookies(req.headers.cookie ?? '');
  const credentials = { apiKey: fromQuery ?? fromBody ?? fromHeader, sessionCookie: cookies[sessionCookie], runnerToken: firstString(req.headers['x-runner-token']) };
  rejectNulText(credentials.apiKey, credentials.sessionCookie, credentials.runnerToken);
  return credentials;
}

function firstString(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}
