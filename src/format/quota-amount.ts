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
  const match = /^\d+$/.test(text) ? null : SIZE.exec(text);
  if (!match && !/^\d+$/.test(text)) return undefined;
  const bytes = match ? Math.trunc(Number(match[1]) * MULTIPLIER[match[2][0]]) : Number(text);
  // Beyond 2^53 bytes (8 PB) a number loses precision: such an amount cannot be stored exactly.
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}
