import type { operations } from '../../../../contracts/project-service';
import { forbidden, notFound } from '../../../platform/http/http-error';
import { FileDownload, type ServiceHandlers } from '../../../platform/openapi/handler';
import { findImportErrorFile } from './import-errors-store';

type ImportErrorHandlers = Pick<ServiceHandlers<operations>, 'downloadImportErrorFile'>;

/** Who may read an error file: who may run the import that wrote it. */
const PERMISSION_BY_TYPE = {
  participant: 'tenant.project.participants.create',
  result: 'tenant.project.results.create',
} as const;

export const importErrorHandlers: ImportErrorHandlers = {
  async downloadImportErrorFile({ body }, ctx) {
    if (!ctx.principal().permissions.has(PERMISSION_BY_TYPE[body.error_type])) throw forbidden();
    const file = await ctx.inTenant((trx) =>
      findImportErrorFile(trx, ctx.operatingTenant.id, body.error_type, body.error_file_name),
    );
    if (!file) throw notFound('Error file not found.');
    return new FileDownload(file.fileName, file.mimeType, file.content);
  },
};
