/** The door of the depot-installs area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './depot-install.loaders';
export * from './depot-install.service';
export * from './install-task';
export * from './installed-repository-view';
export * from './installed-tools-loader';
export * from './installed-workflows.service';
export * from './repository-files';
export * from './depot-browser';
export * from './repository-lifecycle';
