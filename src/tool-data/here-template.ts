/**
 * The platform's `${__HERE__}` substitution (Python's `string.Template.safe_substitute` with one
 * name): `${__HERE__}` and `$__HERE__` (not followed by more of an identifier) become `here`.
 */
const HERE = /\$(?:\{__HERE__\}|__HERE__(?![A-Za-z0-9_]))/g;

export function expandHere(text: string, here: string): string {
  return text.includes('$') ? text.replace(HERE, () => here) : text;
}
