/** "by <owner>" (and what else a list says of an item) beside a listed item; owners are public usernames. */
export function byOwner(owner: string | null | undefined, ...more: string[]) {
  const parts = [...more, owner ? `by ${owner}` : 'by an unnamed user'];
  return <span className="muted">{parts.join(' · ')}</span>;
}
