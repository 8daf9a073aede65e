import { baseApi } from './base-api';
import { ALL_TAG_TYPES } from './generated/endpoint-traits';

export { ALL_TAG_TYPES };

/** Refetches every cached answer in use: after the language changes (a tenant change resets the API state instead, ADR 0011). */
export const invalidateAllTags = () => baseApi.util.invalidateTags([...ALL_TAG_TYPES]);
