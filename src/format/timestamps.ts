const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Python `datetime.isoformat()` of a naive UTC time: microseconds only when non-zero. */
export function isoformat(date: Date): string {
  const base = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const ms = date.getUTCMilliseconds();
  return ms === 0 ? base : `${base}.${pad(ms * 1000, 6)}`;
}

/** Python `str(datetime)`: like isoformat with a space between date and time. */
export function pythonStr(date: Date): string {
  return isoformat(date).replace('T', ' ');
}

/** The library timestamp `%Y-%m-%d %I:%M %p` (platform-facts §5.1). */
export function libraryTimestamp(date: Date): string {
  const hours = date.getUTCHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(twelve)}:${pad(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
