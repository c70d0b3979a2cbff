import { errors } from '../../errors/error-kinds';

/**
 * The area's messages, as the platform's sample tracking controllers word them. The routes render
 * 400 and 403 errors as JSON strings ("400 text", "403 text").
 */
export const trackingErrors = {
  missingParameter: (name: string) => errors.missing(`Missing required parameter '${name}'.`),
  malformed: (label: string) => (value: unknown) => errors.malformedId(`Malformed ${label} id ( ${String(value)} ) specified, unable to decode.`, { id: String(value) }),
  unknown: (label: string, value: unknown) => errors.invalid(`Invalid ${label} id ( ${String(value)} ) specified.`, { id: String(value) }),
  /** A request (or its samples) the caller may not see looks unknown; the platform prints the decoded id. */
  unknownRequest: (decodedId: number) => errors.invalid(`Invalid request id ( ${decodedId} ) specified.`),
  invalid: (message: string) => errors.invalid(message),
  invalidAttribute: (message: string) => errors.invalidAttribute(message),
};
