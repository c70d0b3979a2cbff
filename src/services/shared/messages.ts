import { AppError, errors } from '../../errors/error-kinds';

/** The admin area's id messages, shared by groups, roles and their memberships. */
export const adminIdErrors = (label: string) => ({
  malformed: (value: unknown) => errors.malformedId(`Malformed ${label} id ( ${String(value)} ) specified, unable to decode.`, { id: String(value) }),
  unknown: (value: unknown) => new AppError('RequestParameterInvalidException', `Invalid ${label} id ( ${String(value)} ) specified.`, { id: String(value) }),
});
