import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { GraphQLUpload } from 'graphql-upload-minimal';

/** Free-form JSON (tool parameter values, platform dictionaries whose layout is the platform's). */
export const JSONScalar = GraphQLJSON;
export const JSONObjectScalar = GraphQLJSONObject;
/** Files of a GraphQL multipart request (graphql-upload-minimal). */
export const UploadScalar = GraphQLUpload;
