import { errors } from '../../errors/error-kinds';

/** The rank types a collection type is built from, outermost first (`list:paired` = a list of pairs). */
export const RANK_TYPES = ['list', 'paired'] as const;
export type RankType = (typeof RANK_TYPES)[number];

/** The identifiers a `paired` rank must have, in this order. */
export const PAIRED_IDENTIFIERS = ['forward', 'reverse'] as const;

/** Checks a collection type (`list`, `paired`, `list:paired`, `list:list`, …) and splits it into ranks. */
export function parseCollectionType(raw: unknown): RankType[] {
  if (typeof raw !== 'string' || raw.trim() === '') throw errors.missing("Missing required parameter 'collection_type'.");
  const ranks = raw.split(':');
  for (const rank of ranks) {
    if (!(RANK_TYPES as readonly string[]).includes(rank)) throw errors.invalid(`Invalid collection_type: ${raw}`);
  }
  return ranks as RankType[];
}

/** The type of the collections one rank down (`list:paired` -> `paired`), or null at the leaves. */
export function childType(collectionType: string): string | null {
  const split = collectionType.indexOf(':');
  return split < 0 ? null : collectionType.slice(split + 1);
}

/** Checks the identifiers of one rank: unique, and exactly forward/reverse for a pair. */
export function checkRankIdentifiers(rank: RankType, identifiers: readonly string[]): void {
  const seen = new Set<string>();
  for (const identifier of identifiers) {
    if (seen.has(identifier)) throw errors.invalid(`Found duplicated element identifier name ${identifier}.`);
    seen.add(identifier);
  }
  if (rank === 'paired' && (identifiers.length !== 2 || identifiers[0] !== PAIRED_IDENTIFIERS[0] || identifiers[1] !== PAIRED_IDENTIFIERS[1])) {
    throw errors.invalid(`A paired collection needs exactly two elements, 'forward' then 'reverse'; got: ${identifiers.join(', ') || 'none'}.`);
  }
  if (rank === 'list' && identifiers.length === 0) throw errors.invalid('A list collection needs at least one element.');
}
