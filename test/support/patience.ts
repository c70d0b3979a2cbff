/**
 * How long the tests wait for what takes time (a job, an export, a page's update, a test as a whole):
 * every wait is a multiple of `TEST_PATIENCE` (a factor, 1 unless set). The waits are there to end
 * a test that hangs, not to time anything (speed is measured in bench/); a run whose lanes share a
 * machine's cores (CI runs four lanes on two cores) waits longer without asserting less.
 */
export const TEST_PATIENCE = patienceFactor(process.env.TEST_PATIENCE);

export function patienceFactor(text: string | undefined): number {
  const factor = Number(text);
  return text && Number.isFinite(factor) && factor >= 1 ? factor : 1;
}

/** A wait of `ms` milliseconds stretched by TEST_PATIENCE. */
export function patient(ms: number): number {
  return Math.round(ms * TEST_PATIENCE);
}
