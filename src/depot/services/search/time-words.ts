/**
 * How the original depot's search shows when a repository was last updated: `last_updated` in
 * words (its `pretty_print_time_interval`, not precise) and `full_last_updated` as
 * `%Y-%m-%d %I:%M %p` (UTC here).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export function timeIntervalWords(time: Date, now: Date = new Date()): string {
  const days = Math.floor((now.getTime() - time.getTime()) / DAY_MS);
  if (days < 0) return '';
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 7) return 'less than a week';
  if (days < 31) return 'less than a month';
  if (days < 365) return 'less than a year';
  return 'a few years ago';
}

const two = (value: number) => String(value).padStart(2, '0');

export function fullTimeText(time: Date): string {
  const hours = time.getUTCHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${time.getUTCFullYear()}-${two(time.getUTCMonth() + 1)}-${two(time.getUTCDate())} ${two(twelve)}:${two(time.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
