import { createReadStream, createWriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The upload tool's text conversions, streamed line by line: universal line endings to POSIX
 * (`\r\n` and lone `\r` to `\n`) and, optionally, runs of spaces to one tab.
 */
export async function convertText(path: string, options: { toPosixLines: boolean; spaceToTab: boolean }): Promise<void> {
  if (!options.toPosixLines && !options.spaceToTab) return;
  let pendingCr = false;
  const convert = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let text = chunk.toString('latin1');
      if (options.toPosixLines) {
        if (pendingCr) text = `\r${text}`;
        pendingCr = text.endsWith('\r');
        if (pendingCr) text = text.slice(0, -1);
        text = text.replace(/\r\n?/g, '\n');
      }
      if (options.spaceToTab) text = text.replace(/ +/g, '\t');
      done(null, Buffer.from(text, 'latin1'));
    },
    flush(done) {
      done(null, pendingCr ? Buffer.from('\n') : null);
    },
  });
  const converted = `${path}.converted`;
  await pipeline(createReadStream(path), convert, createWriteStream(converted));
  await rename(converted, path);
}
