/** A carry-over refused or stopped for a reason the operator can act on; its message says which. */
export class CarryOverError extends Error {
  override readonly name = 'CarryOverError';
}
