const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** The platform's `nice_size` (platform-facts §5.2): base 1024, "%d bytes" or "%.1f UNIT". */
export function niceSize(value: unknown): string {
  const size = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof size !== 'number' || !Number.isFinite(size)) return '??? bytes';
  const prefix = size < 0 ? '-' : '';
  const abs = Math.abs(size);
  for (let i = 0; i < UNITS.length; i += 1) {
    if (abs < 1024 ** (i + 1)) {
      if (i === 0) return `${prefix}${Math.trunc(abs)} bytes`;
      // toFixed rounds the binary value like Python's "%.1f".
      return `${prefix}${(abs / 1024 ** i).toFixed(1)} ${UNITS[i]}`;
    }
  }
  return '??? bytes';
}
