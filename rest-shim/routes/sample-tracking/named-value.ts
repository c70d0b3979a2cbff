import type { RouteInput } from '../../core/route-input';

/**
 * A parameter the platform compares with its named values (`update_type`, `new_state`,
 * `new_status`), read as the platform reads it: absent is missing; anything given, null and lists
 * included, is compared as the platform prints it (`None`, `[u'request_state']`), so what is not
 * one of the names is refused as an invalid value, and the message echoes it.
 */
export const namedValue = (input: RouteInput, name: string): string | null => (input.has(name) ? (input.pythonText(name) ?? 'None') : null);
