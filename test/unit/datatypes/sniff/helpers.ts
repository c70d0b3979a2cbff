import { makeSniffInput } from '../../../../src/datatypes/sniff/input';
import type { SniffInput } from '../../../../src/datatypes/sniff/input';

/** Sniffer input from text (one byte per char) or bytes. */
export function input(content: string | Buffer, totalSize?: number): SniffInput {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'latin1') : content;
  return makeSniffInput(bytes, totalSize ?? bytes.length);
}

/** Lines joined with newlines, each ending with one. */
export const lines = (...rows: string[]): string => rows.map((r) => `${r}\n`).join('');

/** Tab-separated row. */
export const tsv = (...fields: (string | number)[]): string => fields.join('\t');
