import type { operations } from '../../../../contracts/participant-service';
import { forbidden, HttpError, notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import {
  ACCESS_CODE_NOT_REFRESHABLE,
  ACCESS_CODE_PAGE_SIZE,
  ACCESS_CODE_REFRESHED,
  canRefreshAccessCode,
} from '../../../../shared/participant-rules';
import { generateAccessCode, projectRules } from '../participants/participant-form';
import { findParticipantProject, lockParticipant, takenAccessCodes } from '../participants/participants-store';
import { listAccessCodePage, setParticipantAccessCode } from './access-codes-store';

type AccessCodesHandlers = Pick<ServiceHandlers<operations>, 'listAccessCodes' | 'refreshAccessCode'>;

const TEST_READ = 'tenant.project.participant.test.read';
const TEST_UPDATE = 'tenant.project.participant.test.update';
/** Tries before giving up on a unique code (a nine-digit space makes a second try already rare). */
const CODE_TRIES = 5;

const notRefreshable = (reason: string) =>
  new HttpError(409, ACCESS_CODE_NOT_REFRESHABLE, {
    code: 'ACCESS_CODE_NOT_REFRESHABLE',
    errors: [{ field: 'participantId', message: reason }],
  });

/** docs/product/access-codes.md: the View Codes list and the refresh of one participant's code. */
export const accessCodesHandlers: AccessCodesHandlers = {
  async listAccessCodes({ params, body }, ctx) {
    const testAccessCodes = body.isTestAccessCode ?? false;
    if (testAccessCodes && !ctx.principal().permissions.has(TEST_READ)) throw forbidden();
    const pageSize = body.pageSize ?? ACCESS_CODE_PAGE_SIZE;
    const { rows, total } = await ctx.inTenant(async (trx) => {
      if (!(await findParticipantProject(trx, params.projectId))) throw notFound('Project not found.');
      return listAccessCodePage(
        trx,
        { projectId: params.projectId, search: body.search ?? null, testAccessCodes },
        { page: body.page ?? 0, pageSize },
      );
    });
    return {
      accesscode_list: rows.map((r) => ({
        participantId: Number(r.id),
        irnCode: r.interview_ref_num,
        accessCode: r.access_code,
        status: 'Assigned' as const,
        originalFileName: null,
        is_backup: false,
        dateAdded: (r.access_code_updated_at ?? r.created_at).toISOString(),
        dateUsed: null,
      })),
      total_count: total,
    };
  },

  async refreshAccessCode({ params }, ctx) {
    const permissions = ctx.principal().permissions;
    const now = ctx.now();
    const code = await ctx.inTenant(async (trx) => {
      const participant = await lockParticipant(trx, params.participantId);
      if (!participant || participant.is_hidden) throw notFound('Participant not found.');
      if (participant.is_test_participant && !permissions.has(TEST_UPDATE)) throw forbidden();
      const project = await findParticipantProject(trx, participant.project_id);
      if (!project) throw notFound('Participant not found.');
      const settings = (project.internal_settings ?? {}) as Record<string, unknown>;
      if (settings.enable_refresh_accesscode !== true)
        throw notRefreshable('The project does not allow refreshing access codes.');
      if (projectRules(project).irnIsAccessCode) throw notRefreshable('The access code is the IRN in this project.');
      if (!canRefreshAccessCode(participant.status))
        throw notRefreshable(`No refresh in status ${participant.status}.`);
      for (let i = 0; i < CODE_TRIES; i++) {
        const candidate = generateAccessCode();
        if (candidate === participant.access_code) continue;
        if ((await takenAccessCodes(trx, [candidate])).length) continue;
        await setParticipantAccessCode(trx, params.participantId, candidate, now);
        return candidate;
      }
      throw new HttpError(503, 'No free access code was found; try again.');
    });
    return {
      message: ACCESS_CODE_REFRESHED,
      participantId: params.participantId,
      accessCode: code,
      accessCodeUpdateTs: now.toISOString(),
    };
  },
};
