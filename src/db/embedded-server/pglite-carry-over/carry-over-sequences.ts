import { type CatalogSequence, qualified, type SqlQuery } from './carry-over-catalog';

/** Where a sequence stands: the value last given (or to be given first, when not called yet). */
export interface SequenceState {
  schema: string;
  sequence: string;
  lastValue: string;
  isCalled: boolean;
}

export async function readSequences(query: SqlQuery, sequences: CatalogSequence[]): Promise<SequenceState[]> {
  const states: SequenceState[] = [];
  for (const { schema, sequence } of sequences) {
    const [row] = await query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text AS last_value, is_called FROM ${qualified(schema, sequence)}`);
    states.push({ schema, sequence, lastValue: row.last_value, isCalled: row.is_called });
  }
  return states;
}

/** Sets each sequence as it stands in the given states (setval is not undone by a rollback: see restore in the caller). */
export async function writeSequences(query: SqlQuery, states: SequenceState[]): Promise<void> {
  for (const state of states) {
    await query('SELECT setval($1::regclass, $2::bigint, $3::boolean)', [qualified(state.schema, state.sequence), state.lastValue, state.isCalled]);
  }
}
