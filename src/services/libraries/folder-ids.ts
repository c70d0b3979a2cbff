import type { ServiceContext } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import { IdDecodeError } from '../../ids/id-codec';

/** Folder ids are 'F' + the encoded id. */
export function encodeFolderId(ctx: ServiceContext, id: number): string {
  return `F${ctx.services.ids.encode(id)}`;
}

/**
 * The platform's `cut_the_prefix`: a folder id must start with 'F' and have a length of 1 modulo 16;
 * anything else (or an undecodable rest) is MalformedId.
 */
export function decodeFolderId(ctx: ServiceContext, value: unknown): number {
  const text = String(value ?? '');
  // Two messages, as on the platform: the prefix check (`cut_the_prefix`) names the whole id with a
  // final period; the decoder (`decode_folder_id`) names the id without its 'F', without one.
  if (!text.startsWith('F') || text.length % 16 !== 1) throw errors.malformedId(`Malformed folder id ( ${text} ) specified, unable to decode.`);
  const rest = text.slice(1);
  try {
    return ctx.services.ids.decode(rest);
  } catch (error) {
    if (error instanceof IdDecodeError) throw errors.malformedId(`Malformed folder id ( ${rest} ) specified, unable to decode`);
    throw error;
  }
}
