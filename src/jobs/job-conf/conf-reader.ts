/**
 * What every part of the job_conf.xml reading shares: the file's name and element lines for messages,
 * the environment (`from_environ`), the notices gathered, and checks of attributes and children.
 */
import { childElements, textContent, type XmlElement } from '../../tools/xml/xml-tree';
import { JobConfigError } from './types';

export type Env = Record<string, string | undefined>;

/** A record keyed by names from the file: no prototype, so any name (even `__proto__`) is its own key. */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

export class ConfReader {
  readonly notices: string[] = [];

  constructor(
    readonly source: string,
    private readonly lines: Map<XmlElement, number>,
    readonly env: Env,
  ) {}

  fail(element: XmlElement | null, detail: string): never {
    throw new JobConfigError(this.source, detail, element === null ? null : (this.lines.get(element) ?? null));
  }

  notice(text: string): void {
    this.notices.push(text);
  }

  /** `<tag id="…">` (or the bare tag), to name an element in messages. */
  describe(element: XmlElement): string {
    const id = element.attrs.id;
    return id === undefined ? `<${element.tag}>` : `<${element.tag} id="${id}">`;
  }

  /** Refuses attributes the platform's format does not give this element. */
  allowAttributes(element: XmlElement, allowed: readonly string[]): void {
    const unknown = Object.keys(element.attrs).find((name) => !allowed.includes(name));
    if (unknown !== undefined) {
      this.fail(element, `${this.describe(element)} has an attribute '${unknown}' that job_conf.xml does not define here (allowed: ${allowed.join(', ')})`);
    }
  }

  /** Refuses child elements other than those named; `refused` gives the reason for known but unsupported ones. */
  allowChildren(element: XmlElement, allowed: readonly string[], refused: Readonly<Record<string, string>> = {}): XmlElement[] {
    const children = childElements(element);
    for (const child of children) {
      if (allowed.includes(child.tag)) continue;
      const reason = Object.hasOwn(refused, child.tag) ? refused[child.tag] : `job_conf.xml does not define <${child.tag}> here (allowed: ${allowed.map((tag) => `<${tag}>`).join(', ') || 'none'})`;
      this.fail(child, `${this.describe(child)} in ${this.describe(element)}: ${reason}`);
    }
    return children;
  }

  /** A required attribute, trimmed and not blank. */
  required(element: XmlElement, name: string): string {
    const value = element.attrs[name]?.trim();
    if (value === undefined || value === '') this.fail(element, `${this.describe(element)} needs the '${name}' attribute`);
    return value;
  }

  /** An optional attribute, trimmed; blank counts as absent. */
  optional(element: XmlElement, name: string): string | null {
    const value = element.attrs[name]?.trim();
    return value === undefined || value === '' ? null : value;
  }

  /** A comma-separated attribute (`tags`), trimmed, without blanks. */
  list(element: XmlElement, name: string): string[] {
    return (element.attrs[name] ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }

  /** An element's text, trimmed. */
  text(element: XmlElement): string {
    return textContent(element).trim();
  }

  /** A positive integer written in an attribute or text. */
  positiveInteger(element: XmlElement, raw: string, what: string): number {
    const text = raw.trim();
    if (!/^\+?\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
      this.fail(element, `${what} must be a positive integer, not "${raw}"`);
    }
    return Number(text);
  }

  /**
   * The `<param id="…">value</param>` children, as the platform reads them: a later param of the same
   * id replaces an earlier one; `from_environ="NAME"` takes the variable's value when it is set.
   */
  params(parent: XmlElement): Record<string, string> {
    const params = emptyRecord<string>();
    for (const param of childElements(parent, 'param')) {
      this.allowAttributes(param, ['id', 'from_environ', 'from_config']);
      this.allowChildren(param, []);
      const id = this.required(param, 'id');
      if (param.attrs.from_config !== undefined) {
        this.fail(param, `${this.describe(param)}: from_config="${param.attrs.from_config}" reads the platform's galaxy.ini, which this platform does not have; write the value, or use from_environ`);
      }
      const fromEnviron = this.optional(param, 'from_environ');
      const fromEnv = fromEnviron === null ? undefined : this.env[fromEnviron];
      params[id] = fromEnv ?? this.text(param);
    }
    return params;
  }
}
