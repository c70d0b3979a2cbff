import { route, type RouteArea } from '../../core/route';

/** The datatypes registry: anonymous and sessionless. */
export const datatypesArea: RouteArea = {
  area: 'datatypes',
  routes: [
    route<{ datatypes: unknown }>({
      method: 'get',
      path: '/api/datatypes',
      access: 'anonymous',
      operation: 'query ($extensionOnly: String, $uploadOnly: String) { datatypes(extensionOnly: $extensionOnly, uploadOnly: $uploadOnly) }',
      variables: (input) => ({ extensionOnly: input.string('extension_only') ?? null, uploadOnly: input.string('upload_only') ?? null }),
      shape: (data) => data.datatypes,
    }),
    route<{ datatypeMapping: unknown }>({
      method: 'get',
      path: '/api/datatypes/mapping',
      access: 'anonymous',
      operation: 'query { datatypeMapping }',
      shape: (data) => data.datatypeMapping,
    }),
    route<{ datatypeSniffers: string[] }>({
      method: 'get',
      path: '/api/datatypes/sniffers',
      access: 'anonymous',
      operation: 'query { datatypeSniffers }',
      shape: (data) => data.datatypeSniffers,
    }),
    route<{ datatypeConverters: unknown }>({
      method: 'get',
      path: '/api/datatypes/converters',
      access: 'anonymous',
      operation: 'query { datatypeConverters }',
      shape: (data) => data.datatypeConverters,
    }),
  ],
};
