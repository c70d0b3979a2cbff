/**
 * The browser's session cookie is set by the answers of a few mutations: a visitor's first
 * `ensureCurrentHistory` (it makes the visitor a session), `login`, `register` and `logout`. Two of
 * them in flight at once may be answered in either order, and the later answer's cookie wins: a
 * visitor's session answered after the sign-in that was sent meanwhile signed the user out again,
 * silently (a slow server and a quick hand on the sign-in screen). So they are sent one at a time,
 * each after the answer of the one before: a sign-in then also carries the visitor's session, whose
 * history becomes the user's.
 */
let last: Promise<unknown> = Promise.resolve();

/** Sends `mutation` once every session mutation sent before it has been answered. */
export function inSessionOrder<T>(mutation: () => Promise<T>): Promise<T> {
  const next = last.then(mutation, mutation);
  last = next.catch(() => undefined);
  return next;
}
