import { createReadStream } from 'node:fs';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * The lines of a file as raw bytes, without their "\n" (nor a "\r" before it), read as a stream: only
 * the chunks up to the last line asked for are read, and a line keeps at most `maxLineBytes` bytes (the
 * rest of a longer line is skipped, not held), so neither a big file nor one huge line fills the memory.
 * Stopping the iteration closes the file.
 */
export async function* fileLines(path: string, maxLineBytes: number): AsyncGenerator<Buffer> {
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  let parts: Buffer[] = [];
  let kept = 0;
  let pending = false;
  const take = (piece: Buffer) => {
    if (piece.length > 0) pending = true;
    if (kept >= maxLineBytes || piece.length === 0) return;
    const room = piece.subarray(0, maxLineBytes - kept);
    parts.push(room);
    kept += room.length;
  };
  const line = (): Buffer => {
    const whole = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    parts = [];
    kept = 0;
    pending = false;
    return whole.length > 0 && whole[whole.length - 1] === CARRIAGE_RETURN ? whole.subarray(0, whole.length - 1) : whole;
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE, start); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        take(chunk.subarray(start, end));
        yield line();
        start = end + 1;
      }
      take(chunk.subarray(start));
    }
    if (pending) yield line();
  } finally {
    stream.destroy();
  }
}
