/**
 * The contract's error kinds (platform-facts §1.1): name, HTTP status, err_code and default message.
 * Services throw `AppError`s of these kinds; GraphQL carries the kind in `extensions.code`;
 * the shim turns it back into the status and `{err_msg, err_code}` body.
 */
export const ERROR_KINDS = {
  MessageException: { status: 400, code: 0, message: 'Unknown error occurred while processing request.' },
  ItemDeletionException: { status: 400, code: 0, message: 'Unknown error occurred while processing request.' },
  UserInvalidJson: { status: 400, code: 400003, message: 'Your request did not appear to be valid JSON, please consult the API documentation.' },
  ActionInputError: { status: 400, code: 400008, message: 'Request contained invalid parameter, action could not be completed.' },
  DuplicatedSlugException: { status: 400, code: 400006, message: 'Slug must be unique per user.' },
  DuplicatedIdentifierException: { status: 400, code: 400011, message: 'Request contained a duplicated identifier that must be unique.' },
  ObjectAttributeInvalidException: { status: 400, code: 400004, message: 'Attempted to create or update object with invalid attribute value.' },
  ObjectAttributeMissingException: { status: 400, code: 400005, message: 'Attempted to create object without required attribute.' },
  MalformedId: { status: 400, code: 400009, message: 'The id of the resource is malformed.' },
  UnknownContentsType: { status: 400, code: 400010, message: 'The request contains unknown type of contents.' },
  RequestParameterMissingException: { status: 400, code: 400007, message: 'Request is missing parameter required to complete desired action.' },
  ToolMetaParameterException: { status: 400, code: 400011, message: 'Supplied incorrect or incompatible tool meta parameters.' },
  RequestParameterInvalidException: { status: 400, code: 400008, message: 'Request contained invalid parameter, action could not be completed.' },
  AuthenticationFailed: { status: 401, code: 401001, message: 'Authentication failed, invalid credentials supplied.' },
  AuthenticationRequired: { status: 403, code: 403001, message: 'Authentication required for this request' },
  ItemAccessibilityException: { status: 403, code: 403002, message: 'User cannot access specified item.' },
  ItemOwnershipException: { status: 403, code: 403003, message: 'User does not own specified item.' },
  ConfigDoesNotAllowException: { status: 403, code: 403004, message: 'The configuration of this Galaxy instance does not allow that operation' },
  InsufficientPermissionsException: { status: 403, code: 403005, message: "You don't have proper permissions to perform the requested operation" },
  AdminRequiredException: { status: 403, code: 403006, message: 'Action requires admin account.' },
  ObjectNotFound: { status: 404, code: 404001, message: 'No such object found.' },
  DeprecatedMethod: { status: 404, code: 404002, message: 'This API method or call signature has been deprecated and is no longer available' },
  Conflict: { status: 409, code: 409001, message: 'Database conflict prevented fulfilling the request.' },
  /** Not one of the platform's kinds: sign-ins refused after too many failures, until the window is over. */
  TooManyRequests: { status: 429, code: 429001, message: 'Too many requests; try again later.' },
  InternalServerError: { status: 500, code: 500001, message: 'Internal server error.' },
  InconsistentDatabase: { status: 500, code: 500002, message: 'Inconsistent database prevented fulfilling the request.' },
  NotImplemented: { status: 501, code: 501001, message: 'Method is not implemented.' },
  /** Not one of the platform's kinds: the database is unreachable for a while (answered with `Retry-After`). */
  ServiceUnavailable: { status: 503, code: 503001, message: 'The service is unavailable at the moment; try again shortly.' },
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;

export function isErrorKind(value: unknown): value is ErrorKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_KINDS, value);
}

/** Extra top-level keys of the error body (the platform merges them next to err_msg). */
export type ErrorExtra = Record<string, string | number | boolean | null | string[]>;

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly extra: ErrorExtra;

  constructor(kind: ErrorKind, message?: string, extra: ErrorExtra = {}) {
    super(message ?? ERROR_KINDS[kind].message);
    this.name = kind;
    this.kind = kind;
    this.extra = extra;
  }

  get status(): number {
    return ERROR_KINDS[this.kind].status;
  }

  get code(): number {
    return ERROR_KINDS[this.kind].code;
  }
}

/**
 * A refusal that lifts by itself after a while (too many failed sign-ins): REST answers it with a
 * `Retry-After` header, and both the REST body and the GraphQL extensions carry `retry_after` (seconds).
 */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    kind: 'TooManyRequests' | 'ServiceUnavailable' = 'TooManyRequests',
  ) {
    super(kind, message, { retry_after: retryAfterSeconds });
  }
}

/** Shorthands that read like the platform's exception classes. */
export const errors = {
  malformedId: (message?: string, extra?: ErrorExtra) => new AppError('MalformedId', message, extra),
  notFound: (message?: string, extra?: ErrorExtra) => new AppError('ObjectNotFound', message, extra),
  missing: (message?: string, extra?: ErrorExtra) => new AppError('RequestParameterMissingException', message, extra),
  invalid: (message?: string, extra?: ErrorExtra) => new AppError('RequestParameterInvalidException', message, extra),
  adminRequired: (message?: string) => new AppError('AdminRequiredException', message),
  authRequired: (message = 'API authentication required for this request') => new AppError('AuthenticationRequired', message),
  notImplemented: (message?: string) => new AppError('NotImplemented', message),
  inconsistent: (message?: string) => new AppError('InconsistentDatabase', message),
  actionInput: (message: string) => new AppError('ActionInputError', message),
  invalidAttribute: (message?: string, extra?: ErrorExtra) => new AppError('ObjectAttributeInvalidException', message, extra),
  missingAttribute: (message?: string, extra?: ErrorExtra) => new AppError('ObjectAttributeMissingException', message, extra),
  notAccessible: (message?: string) => new AppError('ItemAccessibilityException', message),
  notOwned: (message?: string) => new AppError('ItemOwnershipException', message),
  insufficientPermissions: (message?: string) => new AppError('InsufficientPermissionsException', message),
};
