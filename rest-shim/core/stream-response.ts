import type { Response } from 'express';
import { type ExecutionResult, GraphQLError } from 'graphql';
import { loggableError } from '../../src/errors/database-errors';
import type { Logger } from '../../src/logging/logger';

/** Writes one event's items as JSON texts joined by `,` ('' for none). */
export type EventWriter<Data> = (data: Data) => string;

/**
 * What surrounds the items: by default a bare array (`[`, `]`); a listing inside an object writes its
 * opening from the first event (which then always comes, with or without items) and its closing.
 */
export interface StreamFrame<Data> {
  open: (first: Data) => string;
  close: string;
}

const ARRAY_FRAME: StreamFrame<unknown> = { open: () => '[', close: ']' };

/** A subscription's answer: its events, or the error that refused it before the first. */
export type EventStream = AsyncIterableIterator<ExecutionResult> | ExecutionResult;

const isStream = (value: EventStream): value is AsyncIterableIterator<ExecutionResult> => Symbol.asyncIterator in value;

/** The data of an event; an event with errors throws its first. */
function dataOf(result: ExecutionResult): unknown {
  if (result.errors && result.errors.length > 0) throw result.errors[0];
  return result.data;
}

/** Waits until the response takes more (`drain`) or the client has gone (`close`). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed || res.closed) return resolve();
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Answers a listing as one JSON array written event by event (each event one batch of items), with
 * backpressure. Until the first event is read nothing is written: a refusal, or a failure of the
 * first read, throws for the usual error answer. The headers (status 200, the SQL statement count:
 * the read's statement is counted when it starts) go out with the first write: the first event's
 * text once the second event is read, or the whole answer with its length. A client that goes away
 * ends the events (`return()`: the read's connection is released); a failure after the first
 * byte is logged and the socket destroyed, so a cut answer never looks complete.
 */
export async function streamEvents(res: Response, answer: EventStream, write: EventWriter<unknown>, log: Logger, frame?: StreamFrame<unknown>): Promise<void> {
  if (!isStream(answer)) {
    dataOf(answer);
    throw new Error('a subscription answered no events');
  }
  const events = answer;
  const { open, close } = frame ?? ARRAY_FRAME;
  // The client may have gone already (while the operation subscribed): its 'close' came before this listener.
  let gone = res.destroyed || res.closed;
  const onClose = () => {
    gone = !res.writableFinished;
  };
  res.on('close', onClose);
  const away = () => gone || res.destroyed;
  let opened = false;
  let listed = false;
  // Each event's text is written when the next event comes; the last goes out with the end. A listing
  // of one batch is thus one write with its length (no chunked encoding, one system call).
  let held = '';
  const send = (text: string) => {
    if (!res.headersSent) res.status(200).type('application/json');
    // As bytes: a text chunk would be measured (chunked encoding's length) and then encoded, two passes.
    return res.write(Buffer.from(text, 'utf8'));
  };
  try {
    for (let next = gone ? { done: true as const, value: undefined } : await events.next(); !next.done; next = await events.next()) {
      const data = dataOf(next.value);
      const items = write(data);
      // A bare array opens with its first item; a framed listing with its first event.
      if (items === '' && (opened || !frame)) continue;
      let chunk = '';
      if (!opened) {
        chunk = open(data);
        opened = true;
      }
      if (items !== '') {
        chunk += listed ? `,${items}` : items;
        listed = true;
      }
      if (held !== '' && !send(held) && !away()) await drained(res);
      held = chunk;
      if (away()) return;
    }
    if (!opened) {
      if (frame) throw new Error('a framed listing answered no first event');
      res.status(200).type('application/json');
      res.end('[]');
      return;
    }
    if (!res.headersSent) res.status(200).type('application/json');
    res.end(Buffer.from(held + close, 'utf8'));
  } catch (error) {
    if (!res.headersSent) throw error;
    const cause = error instanceof GraphQLError && error.originalError ? error.originalError : error;
    log.error({ err: loggableError(cause) }, 'listing failed while streaming');
    res.destroy();
  } finally {
    res.off('close', onClose);
    await events.return?.().catch((error: unknown) => log.error({ err: loggableError(error) }, 'listing read did not close'));
  }
}
