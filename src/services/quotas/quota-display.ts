import { niceSize } from '../../format/nice-size';

/** 'unlimited' for -1, otherwise the nice size of the amount. */
export function displayAmount(bytes: number): string {
  return bytes === -1 ? 'unlimited' : niceSize(bytes);
}
