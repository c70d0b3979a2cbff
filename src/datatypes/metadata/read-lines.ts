import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * Lines of a file without their terminators, one char per byte (latin1) like Python 2 strings;
 * "\r\n" and a lone "\r" end lines too (universal newlines).
 */
export async function* readLines(path: string): AsyncGenerator<string> {
  const stream = createReadStream(path, { encoding: 'latin1' });
  const reader = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of reader) yield line;
  } finally {
    reader.close();
    stream.destroy();
  }
}
