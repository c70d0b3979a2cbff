/** The door of the workflows area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './build-module';
export * from './extraction/extraction.service';
export * from './ga-format';
export * from './run/invocation-events';
export * from './run/invocation-view';
export * from './run/invocation.service';
export * from './run/scheduler';
export * from './stored-tool-inputs';
export * from './tool-state';
export * from './workflow-actions';
export * from './workflow-import.service';
export * from './workflow-request.service';
export * from './workflow-view';
export * from './workflow.loaders';
export * from './workflow.service';
export { mayReadWorkflow } from './workflow-access';
export * from './run-form/run-form';
export { stepNumbers } from './run-form/step-numbers';
