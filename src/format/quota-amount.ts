const UNLIMITED = ['unlimited', 'none', 'no limit'];
const SIZE = /^([\d.]+)\s*([tgmk]b?|b|bytes?)$/;
const MULTIPLIER: Record<string, number> = { t: 1024 ** 4, g: 1024 ** 3, m: 1024 ** 2, k: 1024, b: 1 };

/**
 * Quota amounts (platform-facts §5.5): "unlimited"/"none"/"no limit" -> -1, an integer -> bytes,
 * "10 GB", "10g", "0.5 Gb", "100k" (base 1024, truncated). Returns undefined when it cannot be parsed.
 */
export function parseQuotaAmount(amount: string): number | undefined {
  const text = amount.trim().toLowerCase();
  if (UNLIMITED.includes(text)) return -1;
  if (/^\d+$/.test(text)) return Number(text);
  const match = SIZE.exec(text);
  if (!match) return undefined;
  const number = Number(match[1]);
  if (!Number.isFinite(number)) return undefined;
  return Math.trunc(number * MULTIPLIER[match[2][0]]);
}
