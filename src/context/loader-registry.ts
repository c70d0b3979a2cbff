import type DataLoader from 'dataloader';
import type { RequestContext } from './request-context';

/** A loader definition: builds a fresh DataLoader for one request (of the platform unless said otherwise). */
export type LoaderFactory<K, V, C = RequestContext> = (ctx: C) => DataLoader<K, V>;

/** Per-request DataLoaders, created on first use so a request pays only for what it follows. */
export class LoaderRegistry<C> {
  private readonly loaders = new Map<LoaderFactory<unknown, unknown, C>, DataLoader<unknown, unknown>>();

  constructor(private readonly ctx: C) {}

  get<K, V>(factory: LoaderFactory<K, V, C>): DataLoader<K, V> {
    let loader = this.loaders.get(factory as LoaderFactory<unknown, unknown, C>);
    if (!loader) {
      loader = factory(this.ctx) as DataLoader<unknown, unknown>;
      this.loaders.set(factory as LoaderFactory<unknown, unknown, C>, loader);
    }
    return loader as DataLoader<K, V>;
  }

  /** Forgets every loader (and what each cached): the next `get` builds a fresh one. */
  clear(): void {
    this.loaders.clear();
  }
}
