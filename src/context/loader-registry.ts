import type DataLoader from 'dataloader';
import type { RequestContext } from './request-context';

/** A loader definition: builds a fresh DataLoader for one request. */
export type LoaderFactory<K, V> = (ctx: RequestContext) => DataLoader<K, V>;

/** Per-request DataLoaders, created on first use so a request pays only for what it follows. */
export class LoaderRegistry {
  private readonly loaders = new Map<LoaderFactory<unknown, unknown>, DataLoader<unknown, unknown>>();

  constructor(private readonly ctx: RequestContext) {}

  get<K, V>(factory: LoaderFactory<K, V>): DataLoader<K, V> {
    let loader = this.loaders.get(factory as LoaderFactory<unknown, unknown>);
    if (!loader) {
      loader = factory(this.ctx) as DataLoader<unknown, unknown>;
      this.loaders.set(factory as LoaderFactory<unknown, unknown>, loader);
    }
    return loader as DataLoader<K, V>;
  }
}
