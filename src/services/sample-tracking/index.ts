/** The door of the sample-tracking area: what other rooms may use of it (docs/architecture.md, Doors). */
export * from './forms/form-view';
export * from './forms/form.service';
export * from './request-types/external-service.service';
export * from './request-types/request-type-view';
export * from './request-types/request-type.service';
export * from './requests/request-state.service';
export * from './requests/request-view';
export * from './requests/request.service';
export * from './sample-tracking.loaders';
export * from './samples/sample-update.service';
export * from './samples/sample-view';
export * from './samples/sample.service';
