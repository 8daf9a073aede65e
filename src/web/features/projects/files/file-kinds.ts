import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ProjectFile } from '../../../api/generated/project-service';

export type ProjectFileKind = ProjectFile['fileType'];

/** The extensions each kind accepts (docs/product/project-team-and-files.md#files; the server checks the bytes). */
export const FILE_EXTENSIONS: Record<ProjectFileKind | 'CONFIGURATION_JSON', readonly string[]> = {
  ISW_XLSX: ['.xlsx', '.xls'],
  SUPERVISOR_XLSX: ['.xlsx', '.xls'],
  MOBILE_APP_XLSX: ['.xlsx'],
  QUESTIONS_AUDIO: ['.zip'],
  ASSETS_ZIP: ['.zip'],
  CONFIGURATION_JSON: ['.json'],
};

export const FILE_LABELS: Record<ProjectFileKind | 'CONFIGURATION_JSON', MessageDescriptor> = {
  ISW_XLSX: msg`ISW xlsx file`,
  SUPERVISOR_XLSX: msg`Supervisor xlsx file`,
  MOBILE_APP_XLSX: msg`xlsx file`,
  QUESTIONS_AUDIO: msg`Questions Audio File`,
  ASSETS_ZIP: msg`Assets File`,
  CONFIGURATION_JSON: msg`Configuration JSON`,
};

/** Media type the assets zip is sent with to its upload URL (the URL is signed for it). */
export const ASSETS_CONTENT_TYPE = 'application/zip';

/**
 * How long an upload's message stays (docs/product/project-team-and-files.md#files-section): 5 s, 8 s for a mobile-app
 * error.
 */
export const MESSAGE_MS = 5_000;
export const MOBILE_ERROR_MESSAGE_MS = 8_000;

export const hasExtension = (fileName: string, extensions: readonly string[]): boolean =>
  extensions.some((extension) => fileName.toLowerCase().endsWith(extension));
