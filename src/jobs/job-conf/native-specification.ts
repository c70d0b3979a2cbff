/**
 * A Slurm destination's `nativeSpecification` (sbatch options, e.g. `--partition=debug --mem=100 -c 2`)
 * as the words the runner passes to sbatch as arguments. No shell is involved: words split on
 * whitespace, single quotes keep everything literally, double quotes keep everything but `\"`, `\\`,
 * `\$` and `` \` `` escapes, a backslash outside quotes keeps the next character (and before a line end
 * joins the lines). Nothing expands (`$HOME` stays as written).
 */

export class NativeSpecificationError extends Error {}

const DOUBLE_QUOTE_ESCAPABLE = new Set(['"', '\\', '$', '`']);

/** The sbatch arguments of a native specification; NativeSpecificationError for unbalanced quotes or a dangling backslash. */
export function nativeSpecificationArgs(spec: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < spec.length) {
    const char = spec[i];
    if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i += 1;
    } else if (char === "'") {
      const end = spec.indexOf("'", i + 1);
      if (end === -1) throw new NativeSpecificationError(`unbalanced single quote at character ${i + 1} of "${spec}"`);
      word += spec.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (char === '"') {
      let j = i + 1;
      for (; j < spec.length && spec[j] !== '"'; j += 1) {
        if (spec[j] === '\\' && j + 1 < spec.length && DOUBLE_QUOTE_ESCAPABLE.has(spec[j + 1])) j += 1;
        word += spec[j];
      }
      if (j >= spec.length) throw new NativeSpecificationError(`unbalanced double quote at character ${i + 1} of "${spec}"`);
      inWord = true;
      i = j + 1;
    } else if (char === '\\') {
      if (i + 1 >= spec.length) throw new NativeSpecificationError(`a backslash ends "${spec}" with nothing to escape`);
      if (spec[i + 1] !== '\n') {
        // A backslash before a line end joins the lines, as in a shell.
        word += spec[i + 1];
        inWord = true;
      }
      i += 2;
    } else {
      word += char;
      inWord = true;
      i += 1;
    }
  }
  if (inWord) words.push(word);
  return words;
}
