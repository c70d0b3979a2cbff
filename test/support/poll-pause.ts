/**
 * The pause before a polling loop's next look (`attempt` counts from 0): 25 ms at first, half as
 * long again each time, at most 250 ms. A short wait is seen as soon as with a fixed 100 ms pause; a
 * long one (a job on a loaded machine) costs a few requests a second instead of ten or forty, CPU
 * the other tests of a run need.
 */
export function pollPause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(250, 25 * 1.5 ** attempt)));
}
