import { coalescedSignalEvents } from '../../../db/signal-events';
import type { DatabaseSignals } from '../../../db/signals';

/** Something of a workflow run changed: its state, a step scheduled or moved, a job of it made or its state moved. */
export interface InvocationEvent {
  invocationId: number;
}

/**
 * The changes of one run, as PostgreSQL signals them (`workflow_invocation_changed`, from triggers
 * on the run, its steps and their jobs: any process, any path), starting with one event at once so
 * that the reader reads the run as it is when it starts listening. Changes not taken yet are kept
 * as one (the reader reads the whole run anyway). Ends when the reader stops (`return`).
 */
export function invocationEvents(signals: DatabaseSignals, invocationId: number): AsyncIterableIterator<InvocationEvent> {
  const event: InvocationEvent = { invocationId };
  return coalescedSignalEvents(signals, 'workflow_invocation_changed', (payload) => (Number(payload) === invocationId ? event : null), () => 'run', [event]);
}
