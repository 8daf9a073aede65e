import { baseApi } from './base-api';
import { addTagTypes as authzTags } from './generated/authz-service';
import { addTagTypes as dataTags } from './generated/data-service';
import { addTagTypes as executionTags } from './generated/execution-service';
import { addTagTypes as participantTags } from './generated/participant-service';
import { addTagTypes as projectTags } from './generated/project-service';
import { addTagTypes as userTags } from './generated/user-service';

/** Every cache tag of every service. */
export const ALL_TAG_TYPES: readonly string[] = [
  ...new Set<string>([...authzTags, ...userTags, ...projectTags, ...participantTags, ...executionTags, ...dataTags]),
];

// The generated modules add their tags to the one API at run time; this view of it knows them all by type.
const everyTagApi = baseApi.enhanceEndpoints({ addTagTypes: ALL_TAG_TYPES });

/** Refetches every cached answer in use: after the language changes (a tenant change resets the API state instead, ADR 0011). */
export const invalidateAllTags = () => everyTagApi.util.invalidateTags([...ALL_TAG_TYPES]);
