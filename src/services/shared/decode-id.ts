import { callerText } from '../../errors/caller-text';
import { AppError, errors } from '../../errors/error-kinds';
import { type IdCodec, IdDecodeError, type IdKind } from '../../ids/id-codec';

/** Anything that carries an id codec (the platform's or the depot's request context). */
export interface WithIds {
  services: { ids: IdCodec };
}

/**
 * The platform's default decode failure: MalformedId with the id echoed as an extra key (cut: an
 * encoded id is 16 hex digits, a caller's value may be megabytes).
 */
export const malformed = (value: unknown): AppError => {
  const shown = callerText(value);
  return errors.malformedId(`Malformed id ( ${shown} ) specified, unable to decode`, { id: shown });
};

/**
 * Decodes an encoded id. Every failure becomes the given error (MalformedId by default): a bad id
 * is the caller's mistake, never a 500.
 */
export function decodeId(ctx: WithIds, value: unknown, onError: (value: unknown) => AppError = malformed, kind: IdKind = 'default'): number {
  try {
    return ctx.services.ids.decode(value, kind);
  } catch (error) {
    if (error instanceof IdDecodeError) throw onError(value);
    throw error;
  }
}

/** Decodes a list of ids (payload `*_ids` fields); a single string counts as one id. */
export function decodeIds(ctx: WithIds, values: unknown, onError: (value: unknown) => AppError = malformed): number[] {
  if (values === undefined || values === null || values === '') return [];
  const list = Array.isArray(values) ? values : [values];
  return list.map((value) => decodeId(ctx, value, onError));
}

export function encodeId(ctx: WithIds, id: number, kind: IdKind = 'default'): string {
  return ctx.services.ids.encode(id, kind);
}
