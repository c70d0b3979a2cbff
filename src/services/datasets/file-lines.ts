import { createReadStream } from 'node:fs';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** A line of a file and the byte offset just past it (past its "\n"): where the next line starts. */
export interface FileLine {
  bytes: Buffer;
  end: number;
}

/**
 * The lines of a file from the byte offset `start` (0: the beginning; a line start, e.g. a previous
 * line's `end`), as raw bytes without their "\n" (nor a "\r" before it), with the offset each ends at,
 * read as a stream: only the chunks up to the last line asked for are read, and a line keeps at most
 * `maxLineBytes` bytes (the rest of a longer line is skipped, not held), so neither a big file nor one
 * huge line fills the memory. Stopping the iteration closes the file.
 */
export async function* fileLinesFrom(path: string, maxLineBytes: number, start = 0): AsyncGenerator<FileLine> {
  const stream = createReadStream(path, { highWaterMark: 64 * 1024, start });
  let parts: Buffer[] = [];
  let kept = 0;
  let pending = false;
  // Bytes of the file before the chunk being read.
  let position = start;
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
      let from = 0;
      for (let end = chunk.indexOf(NEWLINE, from); end !== -1; end = chunk.indexOf(NEWLINE, from)) {
        take(chunk.subarray(from, end));
        yield { bytes: line(), end: position + end + 1 };
        from = end + 1;
      }
      take(chunk.subarray(from));
      position += chunk.length;
    }
    if (pending) yield { bytes: line(), end: position };
  } finally {
    stream.destroy();
  }
}

/** The lines of a file from its beginning, as `fileLinesFrom` reads them, without their offsets. */
export async function* fileLines(path: string, maxLineBytes: number): AsyncGenerator<Buffer> {
  for await (const { bytes } of fileLinesFrom(path, maxLineBytes)) yield bytes;
}
