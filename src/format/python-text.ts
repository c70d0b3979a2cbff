/**
 * How the platform's Python 2 prints a value decoded from a JSON payload with `'%s' % value`: text
 * as it is, `None`, `True`, `False`, numbers, and lists and dictionaries as their repr (`[u'a', 1]`,
 * `{u'k': None}`). The platform's refusals echo such values ("Invalid value for 'update_type' parameter
 * ( [u'request_state'] ) …"). JSON does not keep `5.0` apart from `5`: whole numbers print as integers.
 */
export function pythonText(value: unknown, maxChars = MAX_CHARS): string {
  if (typeof value === 'string') return value;
  const out = new Budget(maxChars);
  writeRepr(value, out, 0);
  return out.text();
}

/** Longest echo of a list or dictionary: a caller's megabyte is never sent back. */
const MAX_CHARS = 500;
const MAX_DEPTH = 32;

class Budget {
  private readonly parts: string[] = [];
  private used = 0;
  constructor(private readonly max: number) {}

  get full(): boolean {
    return this.used > this.max;
  }

  push(text: string): void {
    if (this.full) return;
    this.parts.push(text);
    this.used += text.length;
  }

  text(): string {
    const joined = this.parts.join('');
    return joined.length > this.max ? `${joined.slice(0, this.max)}...` : joined;
  }
}

function writeRepr(value: unknown, out: Budget, depth: number): void {
  if (out.full) return;
  if (value === null || value === undefined) return out.push('None');
  if (typeof value === 'boolean') return out.push(value ? 'True' : 'False');
  if (typeof value === 'number') return out.push(pythonNumber(value));
  if (typeof value === 'string') return out.push(unicodeRepr(value));
  if (depth >= MAX_DEPTH) return out.push('...');
  if (Array.isArray(value)) return writeItems('[', ']', value, (item) => writeRepr(item, out, depth + 1), out);
  if (typeof value === 'object') {
    return writeItems('{', '}', Object.entries(value as Record<string, unknown>), ([key, item]) => {
      out.push(`${unicodeRepr(key)}: `);
      writeRepr(item, out, depth + 1);
    }, out);
  }
  out.push(unicodeRepr(String(value)));
}

function writeItems<T>(open: string, close: string, items: readonly T[], write: (item: T) => void, out: Budget): void {
  out.push(open);
  items.forEach((item, index) => {
    if (out.full) return;
    if (index > 0) out.push(', ');
    write(item);
  });
  out.push(close);
}

/** Python 2's repr of a float (shortest digits, exponent outside 1e-4..1e16, at least two exponent digits), or an int. */
function pythonNumber(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf';
  if (Number.isInteger(value)) return Number.isSafeInteger(value) ? String(value) : BigInt(value).toString();
  const [mantissa, exponentText] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  return String(value);
}

/** Python 2's repr of a unicode text: `u'…'` (double quotes when only single ones occur), escapes as Python writes them. */
function unicodeRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (char === quote || char === '\\') body += `\\${char}`;
    else if (char === '\t') body += '\\t';
    else if (char === '\n') body += '\\n';
    else if (char === '\r') body += '\\r';
    else if (code < 0x20 || (code >= 0x7f && code < 0x100)) body += `\\x${hex(code, 2)}`;
    else if (code < 0x7f) body += char;
    else if (code < 0x10000) body += `\\u${hex(code, 4)}`;
    else body += `\\U${hex(code, 8)}`;
  }
  return `u${quote}${body}${quote}`;
}

const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');
