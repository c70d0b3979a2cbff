import { createReadStream, createWriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const BLANKS = /[ \t\f\v]+/g;
const BLANKS_AT_END = /[ \t\f\v]+$/;

/**
 * The upload tool's text conversions, streamed: universal line endings to POSIX (`\r\n` and lone
 * `\r` to `\n`) and, optionally, each run of blanks (spaces and tabs, the platform's `\s+` within a
 * line) to one tab. Runs and `\r\n` pairs split across chunks are held back until the next chunk.
 * As the platform's conversion writes every line with its `\n`, POSIX lines end a non-empty file
 * with a newline (clients compare pasted text with the download).
 */
export async function convertText(path: string, options: { toPosixLines: boolean; spaceToTab: boolean }): Promise<void> {
  if (!options.toPosixLines && !options.spaceToTab) return;
  let pendingCr = false;
  let pendingBlank = false;
  let last = '';
  const convert = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let text = chunk.toString('latin1');
      if (options.toPosixLines) {
        if (pendingCr) text = `\r${text}`;
        pendingCr = text.endsWith('\r');
        if (pendingCr) text = text.slice(0, -1);
        text = text.replace(/\r\n?/g, '\n');
      }
      if (options.spaceToTab) {
        if (pendingBlank) text = ` ${text}`;
        const trailing = BLANKS_AT_END.exec(text);
        pendingBlank = trailing !== null;
        if (trailing) text = text.slice(0, trailing.index);
        text = text.replace(BLANKS, '\t');
      }
      if (text) last = text[text.length - 1];
      done(null, Buffer.from(text, 'latin1'));
    },
    flush(done) {
      let rest = `${pendingBlank ? '\t' : ''}${pendingCr ? '\n' : ''}`;
      if (rest) last = rest[rest.length - 1];
      if (options.toPosixLines && last !== '' && last !== '\n') rest += '\n';
      done(null, rest ? Buffer.from(rest, 'latin1') : null);
    },
  });
  const converted = `${path}.converted`;
  await pipeline(createReadStream(path), convert, createWriteStream(converted));
  await rename(converted, path);
}
