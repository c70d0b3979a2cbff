/** Python's text forms of numbers, so floats render as the platform would (`1.0`, `1e-05`). */

/** `repr(float)`: shortest round-trip digits, fixed notation for exponents in [-4, 16). */
export function pyFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa, exponentText] = value.toExponential().split('e') as [string, string];
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const sign = exponent < 0 ? '-' : '+';
    const digits = String(Math.abs(exponent)).padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  let fixed: string;
  if (exponent >= 0) {
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1);
    fixed = `${whole}.${fraction || '0'}`;
  } else {
    fixed = `0.${'0'.repeat(-exponent - 1)}${digits}`;
  }
  return negative ? `-${fixed}` : fixed;
}
