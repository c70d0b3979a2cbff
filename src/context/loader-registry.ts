import type DataLoader from 'dataloader';
import type { ServiceContext } from './service-context';

/** A loader definition: builds a fresh DataLoader for one request (of the platform's services unless said otherwise). */
export type LoaderFactory<K, V, C = ServiceContext> = (ctx: C) => DataLoader<K, V>;

/** Per-request DataLoaders, created on first use so a request pays only for what it follows. */
export class LoaderRegistry<C> {
  // Keyed by the factory itself; typed without C so a registry of a wider context (a resolver's)
  // is also one of the narrower context its services take.
  private readonly loaders = new Map<unknown, DataLoader<unknown, unknown>>();

  constructor(private readonly ctx: C) {}

  get<K, V>(factory: LoaderFactory<K, V, C>): DataLoader<K, V> {
    let loader = this.loaders.get(factory);
    if (!loader) {
      loader = factory(this.ctx) as DataLoader<unknown, unknown>;
      this.loaders.set(factory, loader);
    }
    return loader as DataLoader<K, V>;
  }

  /** Forgets every loader (and what each cached): the next `get` builds a fresh one. */
  clear(): void {
    this.loaders.clear();
  }
}
