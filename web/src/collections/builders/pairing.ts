/** A dataset a builder takes (from the history panel's selection). */
export interface BuilderDataset {
  id: string;
  hid: number;
  name: string;
}

export interface DatasetPairDraft {
  /** The element name of the pair (editable; by default the common part of the two names). */
  name: string;
  forward: BuilderDataset;
  reverse: BuilderDataset;
}

/** The forward/reverse patterns 15.05's pair builder offers first. */
export const PAIRING_PRESETS: ReadonlyArray<{ label: string; forward: string; reverse: string }> = [
  { label: '_1 and _2', forward: '_1', reverse: '_2' },
  { label: '_R1 and _R2', forward: '_R1', reverse: '_R2' },
];

/** File extensions removed from element names (`x.fastq.gz` names the element `x`). */
const EXTENSION = /(\.(fastq|fq|fastqsanger|fastqillumina|fasta|fa|sam|bam|txt|tabular|bed|gz|bz2|zip))+$/i;

export function withoutExtension(name: string): string {
  const stripped = name.replace(EXTENSION, '');
  return stripped === '' ? name : stripped;
}

/** The name without its last occurrence of the pattern (null: the pattern is not in it). */
function withoutPattern(name: string, pattern: string): string | null {
  if (pattern === '') return null;
  const at = name.lastIndexOf(pattern);
  return at < 0 ? null : name.slice(0, at) + name.slice(at + pattern.length);
}

/** The common part of a pair's names: the forward name without its pattern (and extension, when asked). */
export function pairName(forward: BuilderDataset, forwardPattern: string, removeExtensions: boolean): string {
  const base = withoutPattern(forward.name, forwardPattern) ?? forward.name;
  const name = removeExtensions ? withoutExtension(base) : base;
  return name.replace(/[_.\-\s]+$/, '') || name;
}

/**
 * Pairs datasets by name, as 15.05's "Build List of Dataset Pairs" does: a forward dataset (its name
 * holds the forward pattern) pairs with the reverse dataset whose name is the same with the reverse
 * pattern in its place. Pairs keep the order of their forward datasets; whatever finds no partner is
 * left unpaired, in its order.
 */
export function autoPair(
  datasets: readonly BuilderDataset[],
  forwardPattern: string,
  reversePattern: string,
  removeExtensions = true,
): { pairs: DatasetPairDraft[]; unpaired: BuilderDataset[] } {
  const reverseByKey = new Map<string, BuilderDataset>();
  for (const dataset of datasets) {
    const key = withoutPattern(dataset.name, reversePattern);
    if (key !== null && !reverseByKey.has(key)) reverseByKey.set(key, dataset);
  }
  const paired = new Set<string>();
  const pairs: DatasetPairDraft[] = [];
  for (const dataset of datasets) {
    const key = withoutPattern(dataset.name, forwardPattern);
    if (key === null || paired.has(dataset.id)) continue;
    const reverse = reverseByKey.get(key);
    if (!reverse || reverse.id === dataset.id || paired.has(reverse.id)) continue;
    paired.add(dataset.id);
    paired.add(reverse.id);
    pairs.push({ name: pairName(dataset, forwardPattern, removeExtensions), forward: dataset, reverse });
  }
  return { pairs, unpaired: datasets.filter((dataset) => !paired.has(dataset.id)) };
}

/** Names that occur more than once (a collection's element names must differ). */
export function repeatedNames(names: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) repeated.add(name);
    seen.add(name);
  }
  return repeated;
}

/**
 * The name of a pair made by hand: the common part of the two names (their common start, without
 * a trailing separator or read mark such as `_R`), else the forward name without its pattern.
 */
export function handPairName(forward: BuilderDataset, reverse: BuilderDataset, forwardPattern: string, removeExtensions: boolean): string {
  const a = removeExtensions ? withoutExtension(forward.name) : forward.name;
  const b = removeExtensions ? withoutExtension(reverse.name) : reverse.name;
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  const common = a.slice(0, length).replace(/[_.\-\s][Rr]?$/, '').replace(/[_.\-\s]+$/, '');
  return common !== '' ? common : pairName(forward, forwardPattern, removeExtensions);
}
