import { baseApi } from './base-api';
import { ALL_TAG_TYPES } from './generated/endpoint-traits';

export { ALL_TAG_TYPES };

// The generated modules add their tags to the one API when a route loads them; this view of it knows them all by
// type. The list comes from the generated traits, not from the service modules, so that the entry chunk does not
// carry every service's endpoints (ADR 0059).
export const everyTagApi = baseApi.enhanceEndpoints({ addTagTypes: ALL_TAG_TYPES });

/** Refetches every cached answer in use: after the language changes (a tenant change resets the API state instead, ADR 0011). */
export const invalidateAllTags = () => everyTagApi.util.invalidateTags([...ALL_TAG_TYPES]);
