/** At most `max` characters of a caller's text, for error messages that must not echo a large input back. */
export function excerpt(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}
