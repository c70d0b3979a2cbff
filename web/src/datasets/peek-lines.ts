/** The platform's read size of a peek: readline(256) returns at most 256 characters, its newline included. */
const READ_WIDTH = 256;

/**
 * The lines of a peek as the file has them. The platform stores a peek as five readline(256) reads
 * joined with "\n" although each read keeps its own newline (src/datatypes/metadata/peek.ts), so the
 * stored text is double-spaced; the REST contract keeps it so, and the UI shows the file's lines. A
 * read that filled its 256 characters without a newline goes on in the next read: one line. Empty
 * lines at the end (the reads past the end of a short file) are left out.
 */
export function peekLines(peek: string): string[] {
  const lines: string[] = [];
  let line = '';
  let at = 0;
  while (at < peek.length) {
    const newline = peek.indexOf('\n', at);
    const end = newline < 0 ? peek.length : newline;
    const width = end - at;
    if (width >= READ_WIDTH) {
      // A read that stopped at its width: the line continues after the joining newline.
      line += peek.slice(at, at + READ_WIDTH);
      at += READ_WIDTH;
      if (peek[at] === '\n') at += 1;
      continue;
    }
    lines.push(line + peek.slice(at, end));
    line = '';
    // The read's own newline, then the one that joined it to the next read.
    at = end + 1;
    if (peek[at] === '\n') at += 1;
  }
  if (line) lines.push(line);
  // Reads past the end of a short file are empty: they leave only joining newlines at the end.
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
