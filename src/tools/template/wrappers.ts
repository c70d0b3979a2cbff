/**
 * What templates see for each kind of parameter, after the platform's wrappers: datasets render as
 * their path and expose ext/name/metadata/files_path; booleans render truevalue/falsevalue; user text
 * renders shell-quoted; groups expose their members as attributes and keys.
 */
import { TemplateError } from '../errors';
import type { MetadataValue } from '../params/state';
import { pyFloatRepr } from './py-format';
import { PyFloat, TemplateObject, Unsafe, type Primitive, type TemplateValue, type TextValue } from './values';

/** Text and hidden parameters. */
export class TextWrapper extends TemplateObject {
  constructor(readonly description: string, private readonly value: string) {
    super();
  }
  override attr(name: string): TemplateValue | undefined {
    return name === 'value' ? new Unsafe(this.value) : undefined;
  }
  override str(): TextValue {
    return new Unsafe(this.value);
  }
  primitive(): Primitive {
    return this.value;
  }
}

export class SelectWrapper extends TemplateObject {
  constructor(readonly description: string, private readonly values: readonly string[], private readonly multiple: boolean) {
    super();
  }
  override attr(name: string): TemplateValue | undefined {
    return name === 'value' ? this.valueForm() : undefined;
  }
  private valueForm(): TemplateValue {
    if (this.multiple) return this.values.map((value) => new Unsafe(value));
    return this.values.length ? new Unsafe(this.values[0]!) : null;
  }
  override str(): TextValue {
    // No selection renders as the platform's str(None).
    return this.values.length ? new Unsafe(this.values.join(',')) : 'None';
  }
  primitive(): Primitive {
    return this.multiple ? [...this.values] : this.values[0] ?? null;
  }
  override elements(): TemplateValue[] | undefined {
    return this.multiple ? this.values.map((value) => new Unsafe(value)) : undefined;
  }
}

export class NumberWrapper extends TemplateObject {
  constructor(readonly description: string, private readonly value: number | null, private readonly float: boolean) {
    super();
  }
  override attr(name: string): TemplateValue | undefined {
    return name === 'value' ? this.primitive() : undefined;
  }
  override str(): TextValue {
    if (this.value === null) return 'None';
    return this.float ? pyFloatRepr(this.value) : String(this.value);
  }
  primitive(): number | PyFloat | null {
    if (this.value === null) return null;
    return this.float ? new PyFloat(this.value) : this.value;
  }
}

export class BooleanWrapper extends TemplateObject {
  constructor(
    readonly description: string,
    readonly value: boolean,
    private readonly truevalue: string,
    private readonly falsevalue: string,
  ) {
    super();
  }
  override attr(name: string): TemplateValue | undefined {
    return name === 'value' ? this.value : undefined;
  }
  /** truevalue/falsevalue come from the tool author, so they render unquoted (they may hold several words). */
  override str(): TextValue {
    return this.value ? this.truevalue : this.falsevalue;
  }
  primitive(): Primitive {
    return this.value;
  }
}

export class DataColumnWrapper extends TemplateObject {
  constructor(readonly description: string, private readonly columns: readonly number[], private readonly multiple: boolean) {
    super();
  }
  override str(): TextValue {
    return this.columns.length ? this.columns.join(',') : 'None';
  }
  primitive(): Primitive {
    return this.multiple ? [...this.columns] : this.columns[0] ?? null;
  }
  override elements(): TemplateValue[] | undefined {
    return this.multiple ? [...this.columns] : undefined;
  }
}

/** Upload slots: strings pass as user text, anything else as its JSON. */
export class FileWrapper extends TemplateObject {
  constructor(readonly description: string, private readonly value: unknown) {
    super();
  }
  override str(): TextValue {
    if (this.value === null || this.value === undefined) return 'None';
    return new Unsafe(typeof this.value === 'string' ? this.value : JSON.stringify(this.value));
  }
  primitive(): Primitive {
    return typeof this.value === 'string' ? this.value : this.value === null || this.value === undefined ? null : JSON.stringify(this.value);
  }
}

function metadataValue(value: MetadataValue | undefined): TemplateValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return new Unsafe(value);
  if (typeof value === 'number') return Number.isInteger(value) ? value : new PyFloat(value);
  if (typeof value === 'boolean') return value;
  return value.map(metadataValue);
}

export class MetadataWrapper extends TemplateObject {
  constructor(readonly description: string, private readonly values: Readonly<Record<string, MetadataValue>>) {
    super();
  }
  /** Unknown metadata names read as None, as on the platform. */
  override attr(name: string): TemplateValue | undefined {
    return metadataValue(Object.prototype.hasOwnProperty.call(this.values, name) ? this.values[name] : undefined);
  }
  override item(key: Primitive): TemplateValue | undefined {
    return typeof key === 'string' ? this.attr(key) : undefined;
  }
  primitive(): Primitive {
    return Object.keys(this.values);
  }
}

/** The dataset fields templates can read; inputs and outputs both provide them. */
export interface DatasetView {
  id: string | null;
  path: string;
  ext: string;
  name: string;
  metadata: Readonly<Record<string, MetadataValue>>;
  filesPath: string;
  hid: number | null;
  dbkey: string;
  info: string;
}

/** A dataset, or the platform's "no dataset" stand-in for a missing optional input (renders `None`). */
export class DatasetWrapper extends TemplateObject {
  constructor(readonly description: string, private readonly dataset: DatasetView | null) {
    super();
  }
  override attr(name: string): TemplateValue | undefined {
    const dataset = this.dataset;
    if (!dataset) return name === 'ext' || name === 'extension' ? 'data' : name === 'metadata' ? new MetadataWrapper(this.description, {}) : null;
    switch (name) {
      case 'file_name':
        return new Unsafe(dataset.path);
      case 'ext':
      case 'extension':
        return new Unsafe(dataset.ext);
      case 'name':
      case 'element_identifier':
        return new Unsafe(dataset.name);
      case 'metadata':
        return new MetadataWrapper(`metadata of ${this.description}`, dataset.metadata);
      case 'files_path':
      case 'extra_files_path':
        return new Unsafe(dataset.filesPath);
      case 'id':
        return dataset.id === null ? null : new Unsafe(dataset.id);
      case 'hid':
        return dataset.hid;
      case 'dbkey':
        return new Unsafe(dataset.dbkey);
      case 'info':
        return new Unsafe(dataset.info);
      default:
        return undefined;
    }
  }
  override str(): TextValue {
    return this.dataset ? new Unsafe(this.dataset.path) : 'None';
  }
  primitive(): Primitive {
    return this.dataset ? this.dataset.path : null;
  }
  override truthy(): boolean {
    return this.dataset !== null;
  }
}

/** A multiple data parameter: iterable, indexable, renders as comma-joined paths. */
export class DatasetListWrapper extends TemplateObject {
  constructor(readonly description: string, private readonly datasets: readonly DatasetWrapper[]) {
    super();
  }
  override item(key: Primitive): TemplateValue | undefined {
    if (typeof key !== 'number') return undefined;
    return this.datasets[key < 0 ? this.datasets.length + key : key];
  }
  override str(): TextValue {
    return new Unsafe(this.datasets.map((dataset) => dataset.primitive()).join(','));
  }
  primitive(): Primitive {
    return this.datasets.map((dataset) => dataset.primitive());
  }
  override elements(): TemplateValue[] {
    return [...this.datasets];
  }
}

/** Conditional, section and repeat-instance members, by attribute (`$c.sel`) or key (`$c['sel']`). */
export class GroupWrapper extends TemplateObject {
  constructor(readonly description: string, private readonly members: ReadonlyMap<string, TemplateValue>) {
    super();
  }
  override attr(name: string): TemplateValue | undefined {
    return this.members.get(name);
  }
  override item(key: Primitive): TemplateValue | undefined {
    return typeof key === 'string' ? this.members.get(key) : undefined;
  }
  override str(): TextValue {
    throw new TemplateError(`${this.description} is a group; render one of its members instead`);
  }
  primitive(): Primitive {
    return [...this.members.keys()];
  }
  override truthy(): boolean {
    return true;
  }
}

/**
 * A collection input: elements by identifier (`$input.forward`, `$input['forward']`), by index, and
 * in order (`#for $e in $input`); each element is a dataset or a nested collection. Renders, like a
 * multiple data parameter, as its datasets' comma-joined paths.
 */
export class CollectionWrapper extends TemplateObject {
  constructor(
    readonly description: string,
    private readonly members: ReadonlyArray<{ identifier: string; value: DatasetWrapper | CollectionWrapper }>,
  ) {
    super();
  }
  override attr(name: string): TemplateValue | undefined {
    if (name === 'is_collection') return true;
    if (name === 'element_identifiers') return this.members.map((member) => new Unsafe(member.identifier));
    return this.members.find((member) => member.identifier === name)?.value;
  }
  override item(key: Primitive): TemplateValue | undefined {
    if (typeof key === 'string') return this.members.find((member) => member.identifier === key)?.value;
    if (typeof key === 'number') return this.members[key < 0 ? this.members.length + key : key]?.value;
    return undefined;
  }
  override str(): TextValue {
    return new Unsafe(this.paths().join(','));
  }
  primitive(): Primitive {
    return this.paths();
  }
  override elements(): TemplateValue[] {
    return this.members.map((member) => member.value);
  }
  override truthy(): boolean {
    return this.members.length > 0;
  }
  private paths(): Primitive[] {
    return this.members.flatMap((member) => {
      const value = member.value.primitive();
      return Array.isArray(value) ? value : [value];
    });
  }
}
