import { getHeaders } from './input';
import type { SniffInput } from './input';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether the start of the content is binary: a NUL byte, or bytes above 127 that are not UTF-8
 * text, in the first lines. (The platform counts any byte above 128 as binary unless the upload was
 * flagged multi-byte; accepting valid UTF-8 is our simplification.)
 */
export function isBinaryContent(input: SniffInput): boolean {
  const head = Buffer.from(getHeaders(input, '\n').map((line) => line[0]).join('\n'), 'latin1');
  if (head.includes(0)) return true;
  if (!head.some((b) => b > 127)) return false;
  try {
    utf8.decode(head);
    return false;
  } catch {
    return true;
  }
}
