import { patienceFactor } from '../support/patience';

describe("TEST_PATIENCE stretches the tests' waits and never shortens them", () => {
  it('is 1 when unset, empty, not a number, or below 1', () => {
    for (const text of [undefined, '', 'soon', '0', '0.5', '-3', 'Infinity']) expect(patienceFactor(text)).toBe(1);
  });

  it('is the factor given when it is 1 or more', () => {
    expect(patienceFactor('1')).toBe(1);
    expect(patienceFactor('3')).toBe(3);
    expect(patienceFactor('2.5')).toBe(2.5);
  });
});
