import type { operations } from '../../../../contracts/execution-service';
import { RESULT_MESSAGES, RESULTS_DEFAULT_OFFSET } from '../../../../shared/result-rules';
import { HttpError, notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { enqueueMessages, type EmailMessage } from '../../../platform/outbox/enqueue-message';
import { projectResultDisplay } from '../../project-service';
import { insertResultEmails, resultEmailFacts } from './result-actions-store';
import { resultEmail } from './result-email';
import { findResultProject, lockResults } from './results-store';

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
      // The facts the e-mails name in one statement, every e-mail of the call in one, then their links in one (ADR
      // 0227): up to 100 results a call, each to every recipient, would otherwise be a read a result and two
      // statements an e-mail.
      const facts = await resultEmailFacts(
        trx,
        locked.map((r) => r.id),
      );
      if (facts.length !== locked.length) throw notFound(RESULT_MESSAGES.notFound);
      const emails: { resultId: number; message: EmailMessage }[] = [];
      for (const result of facts) {
        const overall = display.display(result.overall, headers.language);
        for (const to of project.resultEmailRecipients)
          emails.push({
            resultId: result.id,
            message: resultEmail({
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
          });
      }
      const outboxIds = await enqueueMessages(
        trx,
        emails.map((e) => ({ channel: 'email' as const, ...e.message })),
        now,
      );
      await insertResultEmails(
        trx,
        emails.map((e, i) => ({ resultId: e.resultId, outboxMessageId: outboxIds[i]! })),
        { tenantId, userId: ctx.principal().userId, now },
      );
      return emails.length;
    });
    ctx.deps.outbox.dispatchSoon();
    return { message: RESULT_MESSAGES.emailed, queued };
  },
};
