/**
 * The ranking both searches share, in SQL: every word of the term must occur (anywhere, any case)
 * in at least one of the searched fields; each (word, field) match adds the field's weight, twice
 * the weight when the word is a whole word of the field. The matches are also the hit's
 * `matched_terms`: `[field, word]` pairs, as the original's search engine reports them.
 */

/** A searched field: its name in `matched_terms`, the SQL expression it reads, its weight. */
export interface SearchField {
  name: string;
  expression: string;
  weight: number;
}

/** The term's words: `$1` words, `$2` ILIKE patterns, `$3` whole-word patterns (same length). */
export const WORDS = `select w.word, w.anywhere, w.whole, w.position
  from unnest($1::text[], $2::text[], $3::text[]) with ordinality as w(word, anywhere, whole, position)`;

/**
 * A lateral subquery over `words` giving `relevance`, `terms` (jsonb `[[field, word], …]`) and
 * `matched_words` (how many distinct words matched) for the row whose fields it names.
 */
export function matchLateral(fields: readonly SearchField[]): string {
  const values = fields.map((field, index) => `('${field.name}', ${field.expression}, ${field.weight}::float8, ${index})`).join(', ');
  return `lateral (
    select coalesce(sum(f.weight * case when f.value ~* w.whole then 2 else 1 end), 0)::float8 as relevance,
           coalesce(jsonb_agg(jsonb_build_array(f.field, w.word) order by w.position, f.position), '[]'::jsonb) as terms,
           count(distinct w.position)::int as matched_words
      from words w join (values ${values}) as f(field, value, weight, position) on f.value ilike w.anywhere
  )`;
}
