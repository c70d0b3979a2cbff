import type { DatatypeDefinition } from './definition';

/**
 * Class identities and ancestry of registered datatypes, as the platform's `isinstance` sees them.
 *
 * A `subclass="True"` entry gets its own class object at load time, even when two entries share a
 * class name (h5 and cxb are both `galaxy.datatypes.registry.Binary` in the API, yet an h5 dataset
 * is not a cxb). So such entries are identified by class name plus extension; every other entry is
 * identified by its class, which extensions may share (tabular and xls are both Tabular).
 */
export class DatatypeHierarchy {
  private readonly identities = new Map<string, string>();
  private readonly ancestry = new Map<string, ReadonlySet<string>>();

  constructor(
    private readonly byExtension: ReadonlyMap<string, DatatypeDefinition>,
    private readonly classes: Readonly<Record<string, readonly string[]>>,
  ) {}

  /** The class object behind an extension; undefined when the extension is not registered. */
  identity(extension: string): string | undefined {
    const cached = this.identities.get(extension);
    if (cached !== undefined) return cached;
    const datatype = this.byExtension.get(extension);
    if (!datatype) return undefined;
    let identity: string | undefined;
    if (datatype.subclass) identity = `${datatype.className}#${datatype.extension}`;
    else if (datatype.typeExtension) identity = this.identity(datatype.typeExtension);
    else identity = datatype.className;
    if (identity !== undefined) this.identities.set(extension, identity);
    return identity;
  }

  /** The extension's class and every class it derives from (within galaxy.datatypes.data.Data). */
  ancestors(extension: string): ReadonlySet<string> {
    const cached = this.ancestry.get(extension);
    if (cached) return cached;
    const datatype = this.byExtension.get(extension);
    let result: ReadonlySet<string> = new Set<string>();
    if (datatype) {
      if (datatype.subclass) {
        // The dynamic class's listed ancestry is its base's plus its own (shared) name.
        const base = datatype.typeExtension
          ? this.ancestors(datatype.typeExtension)
          : (this.classes[datatype.className] ?? []).filter((name) => name !== datatype.className);
        result = new Set([this.identity(extension) ?? '', ...base]);
      } else if (datatype.typeExtension) {
        result = this.ancestors(datatype.typeExtension);
      } else {
        result = new Set(this.classes[datatype.className] ?? []);
      }
    }
    this.ancestry.set(extension, result);
    return result;
  }

  /** Whether a dataset of `extension` is an instance of the class behind `ofExtension`. */
  isSubtypeOf(extension: string, ofExtension: string): boolean {
    const target = this.identity(ofExtension);
    return target !== undefined && this.ancestors(extension).has(target);
  }

  /** Whether the extension's class derives from the named class (`module.Class`). */
  derivesFromClass(extension: string, className: string): boolean {
    return this.ancestors(extension).has(className);
  }
}
