import type { Socket } from 'node:net';
import Cursor from 'pg-cursor';

/** What pg-cursor keeps and does inside (pg-cursor 2.x), as far as this file uses it. */
interface CursorInternals {
  connection: { stream?: Socket } | null;
  submit(connection: { stream?: Socket }): void;
  _getRows(rows: number, callback: unknown): void;
  _closePortal(): void;
}

type CursorInternalsClass = new (text: string, values: unknown[], config: Cursor.CursorQueryConfig) => CursorInternals;

/** Runs `send` with the socket corked: the protocol messages it writes leave in one write. */
export function corked<T>(stream: Socket | undefined, send: () => T): T {
  stream?.cork();
  try {
    return send();
  } finally {
    stream?.uncork();
  }
}

/**
 * pg-cursor writing each step's protocol messages in one socket write: opening (parse, bind,
 * describe, flush), asking for rows (execute, flush) and closing the portal (close, sync) are two to
 * four writes each otherwise, every one a system call (a streamed listing of 100 histories spent more
 * of its time in those writes than in anything else of the request).
 */
class CorkedCursorClass extends (Cursor as unknown as CursorInternalsClass) {
  override submit(connection: { stream?: Socket }): void {
    corked(connection.stream, () => super.submit(connection));
  }

  override _getRows(rows: number, callback: unknown): void {
    corked(this.connection?.stream, () => super._getRows(rows, callback));
  }

  override _closePortal(): void {
    corked(this.connection?.stream, () => super._closePortal());
  }
}

/** A pg-cursor Cursor whose steps each leave in one socket write. */
export function corkedCursor<Row>(text: string, values: unknown[], config: Cursor.CursorQueryConfig): Cursor<Row> {
  return new CorkedCursorClass(text, values, config) as unknown as Cursor<Row>;
}

/** The socket of a pooled pg client (pg's `connection.stream`), to cork a step made of several calls. */
export const socketOf = (client: unknown): Socket | undefined => (client as { connection?: { stream?: Socket } }).connection?.stream;
