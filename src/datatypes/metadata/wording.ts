/** The platform's util.commaify: thousands separated by commas. */
export function commaify(value: number): string {
  const [whole, fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** inflector.cond_plural for the words used here: plural unless exactly one. */
export const condPlural = (count: number, word: string): string => (count === 1 ? word : `${word}s`);
