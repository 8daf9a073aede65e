import { RESULT_MESSAGES } from '../../../../shared/result-rules';
import type { Db } from '../../../platform/db/schema';
import { notFound } from '../../../platform/http/http-error';
import type { TenantContext } from '../../../platform/openapi/handler';
import { findResult, type ResultForPdf } from './results-store';

/** Who may see what of a project's results: held results, recordings (docs/product/project-results.md). */

/**
 * Held results are seen only with tenant.project.resultshold.internal.update
 * (docs/product/project-results.md#release-delete).
 */
const HOLD_UPDATE = 'tenant.project.resultshold.internal.update';
export const mayHandleHeld = (ctx: TenantContext) => ctx.principal().permissions.has(HOLD_UPDATE);

/**
 * The Recording action (docs/product/project-results.md#route, docs/product/project-results.md#recording):
 * system-tenant users always; others with tenant.project.cm.recording.read on a project whose
 * cm_recordings_configuration is on.
 */
const RECORDING_READ = 'tenant.project.cm.recording.read';
/**
 * The outcome history (and so its comments in the PDF) is read with result.follow.up.note.read
 * (docs/product/project-results.md#route).
 */
export const mayReadOutcomes = (ctx: TenantContext) => ctx.principal().permissions.has('result.follow.up.note.read');
export const mayHearRecordings = (ctx: TenantContext, recordingsEnabled: boolean) =>
  ctx.principal().homeTenantIsSystem || (recordingsEnabled && ctx.principal().permissions.has(RECORDING_READ));

/** A result the caller may see (not deleted; held ones only with the hold update permission), else 404. */
export async function visibleResult(trx: Db, ctx: TenantContext, id: number): Promise<ResultForPdf> {
  const result = await findResult(trx, id);
  if (!result || (!result.released && !mayHandleHeld(ctx))) throw notFound(RESULT_MESSAGES.notFound);
  return result;
}
