const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 1536 -> "1.5 KB", as the platform shows sizes. */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} ${UNITS[0]}` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
