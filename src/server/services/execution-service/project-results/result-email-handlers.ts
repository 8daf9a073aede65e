import type { operations } from '../../../../contracts/execution-service';
import { RESULT_MESSAGES, RESULTS_DEFAULT_OFFSET } from '../../../../shared/result-rules';
import { HttpError, notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { enqueueEmail } from '../../../platform/outbox/enqueue-message';
import { projectResultDisplay } from '../../project-service';
import { insertResultEmail } from './result-actions-store';
import { resultEmail } from './result-email';
import { findResult, findResultProject, lockResults } from './results-store';

type EmailHandlers = Pick<ServiceHandlers<operations>, 'emailResults'>;

/** The result e-mail of released results to the project's recipients (docs/product/project-results.md). */
export const resultEmailHandlers: EmailHandlers = {
  async emailResults({ body, headers }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    const now = ctx.now();
    const ids = body.interviewResultsId;
    const queued = await ctx.inTenant(async (trx) => {
      const locked = (await lockResults(trx, ids)).filter((r) => !r.deleted);
      const projectId = locked[0]?.projectId;
      if (locked.length !== ids.length || locked.some((r) => r.projectId !== projectId))
        throw notFound(RESULT_MESSAGES.notFound);
      if (locked.some((r) => !r.released))
        throw new HttpError(409, RESULT_MESSAGES.emailReleasedOnly, { code: 'RESULT_HELD' });
      const project = await findResultProject(trx, projectId!);
      if (!project) throw notFound(RESULT_MESSAGES.notFound);
      if (!project.resultEmailEnabled || project.resultEmailRecipients.length === 0)
        throw new HttpError(409, RESULT_MESSAGES.emailNotConfigured, { code: 'RESULT_EMAIL_OFF' });
      const display = await projectResultDisplay(trx, project.id);
      let count = 0;
      for (const r of locked) {
        const result = await findResult(trx, r.id);
        if (!result) throw notFound(RESULT_MESSAGES.notFound);
        const overall = display.display(result.overall, headers.language);
        for (const to of project.resultEmailRecipients) {
          const outboxMessageId = await enqueueEmail(
            trx,
            resultEmail({
              tenantId,
              to,
              projectId: project.id,
              projectName: project.name,
              tenantName: project.tenantName,
              irn: result.irn,
              resultId: result.id,
              accessCode: result.accessCode,
              overall: `${overall.text} (${overall.badge})`,
              completedAt: result.completedAt,
              offset: RESULTS_DEFAULT_OFFSET,
              publicUrl: ctx.deps.config.publicUrl,
            }),
            now,
          );
          await insertResultEmail(trx, {
            tenantId,
            resultId: result.id,
            outboxMessageId,
            userId: ctx.principal().userId,
            now,
          });
          count += 1;
        }
      }
      return count;
    });
    ctx.deps.outbox.dispatchSoon();
    return { message: RESULT_MESSAGES.emailed, queued };
  },
};
