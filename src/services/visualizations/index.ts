/** The door of the visualizations area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './visualization-actions';
export * from './visualization-view';
export * from './visualization.service';
