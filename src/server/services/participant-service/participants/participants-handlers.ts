import type { operations } from '../../../../contracts/participant-service';
import type { operations as ProjectDocumentOperations } from '../../../../contracts/project-service';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import { FieldErrors } from '../../../platform/http/field-errors';
import { forbidden, HttpError, notFound, unprocessable } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import {
  canDeleteParticipant,
  EDIT_LOCKED_FIELDS,
  isEditLocked,
  PARTICIPANT_PAGE_SIZE,
} from '../../../../shared/participant-rules';
import { STAGE } from '../../project-service';
import { AccessCodesTaken, addParticipantsWithCodes } from '../access-codes/access-code-assignment';
import { automaticInvitationChannels, queueParticipantInvitations } from '../invitations/invite-participants';
import {
  checkParticipantInput,
  decodeCursor,
  encodeCursor,
  filterKey,
  newParticipantOf,
  presentParticipant,
  projectRules,
  setupStageBlocked,
} from './participant-form';
import { selectionOf, type ParticipantFilter } from './participant-selection';
import { keptUnderDataVersion } from '../../../platform/cache/tenant-figures-cache';
import { keptWalkProbe } from '../../../platform/db/list-walk';
import { KeptCuts } from '../../../platform/cache/kept-cuts';
import type { ParticipantCut } from './participant-page-start';
import {
  countParticipants,
  deleteSelectedParticipants,
  findParticipantSearch,
  findParticipantProject,
  findParticipantRow,
  hideSelectedParticipants,
  listParticipantCreators,
  listParticipantPage,
  lockParticipant,
  selectionStatusCounts,
  takenIrns,
  unhideParticipants,
  updateParticipantRow,
  type ParticipantSort,
} from './participants-store';

type ParticipantsHandlers = Pick<
  ServiceHandlers<operations>,
  | 'listParticipantCreators'
  | 'getParticipant'
  | 'createParticipants'
  | 'updateParticipant'
  | 'deleteParticipants'
  | 'hideParticipants'
  | 'unhideParticipants'
>;

const TEST_READ = 'tenant.project.participant.test.read';
const TEST_CREATE = 'tenant.project.participant.test.create';
const TEST_UPDATE = 'tenant.project.participant.test.update';

const projectNotFound = () => notFound('Project not found.');
const participantNotFound = () => notFound('Participant not found.');
const irnTaken = (field: string) =>
  new HttpError(409, 'This IRN is already used in this project.', {
    code: 'IRN_TAKEN',
    errors: [{ field, message: 'This IRN is already used in this project.' }],
  });
const accessCodeTaken = (field: string) =>
  new HttpError(409, 'This access code is already used.', {
    code: 'ACCESS_CODE_TAKEN',
    errors: [{ field, message: 'This access code is already used.' }],
  });
/** docs/product/participants.md#delete Delete: the message asks to deselect the participants that cannot be deleted. */
export const DELETE_BLOCKED_MESSAGE =
  'Please deselect Result Published and Interviewed participants; only new, scheduled and invited participants can be deleted.';

/** The list at the spec's path, in project-service's document, served here (`x-served-by`, ADR 0088). */
type ParticipantListHandlers = Pick<ServiceHandlers<ProjectDocumentOperations>, 'listProjectParticipants'>;

export const participantListHandlers: ParticipantListHandlers = {
  async listProjectParticipants({ params, body }, ctx) {
    if (body.testParticipant && !ctx.principal().permissions.has(TEST_READ)) throw forbidden();
    const filter: ParticipantFilter = {
      projectId: params.projectId,
      search: body.search ?? null,
      statuses: body.participantStatus ?? null,
      languageIds: body.participantLanguageIds ?? null,
      createdBy: body.createdBy ?? null,
      testParticipant: body.testParticipant ?? false,
    };
    const sort: ParticipantSort = body.sortBy ?? 'createdAt';
    const direction = body.sortDirection ?? (sort === 'createdAt' ? 'desc' : 'asc');
    const key = filterKey(filter);
    const after = body.after ? decodeCursor(body.after, { sort, direction, filter: key }) : null;
    const pageSize = body.pageSize ?? PARTICIPANT_PAGE_SIZE;
    const { rows, total } = await ctx.inTenant(async (trx) => {
      if (!(await findParticipantProject(trx, params.projectId))) throw projectNotFound();
      // The total counts every matching row (100,000 on the bench's project), and the search probe that decides
      // whether a page walks reads a text's candidates: each once per filter and data version, not for every page.
      // Only the walk's probe is kept, and only while its answer is small (keepableSearch).
      const kept = keptUnderDataVersion(ctx, trx);
      const readSearch = keptWalkProbe(kept, 'participantSearch', [filter.search], (names) =>
        findParticipantSearch(trx, filter, names),
      );
      const count = async () => countParticipants(trx, filter, await findParticipantSearch(trx, filter));
      const total = await kept('countParticipants', [filter], count);
      const page = { sort, direction, pageSize, page: body.page, after };
      // A deep page by offset starts from the nearest point of the order known under this version (ADR 0191): its
      // start, its far end (the total is read above), or a cut that an earlier page of the filter and order left.
      const cuts = () => kept('participantCuts', [filter, sort, direction], async () => new KeptCuts<ParticipantCut>());
      const read = async () =>
        listParticipantPage(trx, filter, page, {
          readSearch,
          total,
          cuts: !after && body.page && !filter.search?.trim() ? await cuts() : null,
        });
      // The first page, which every visit and every change of filter or sort opens, likewise (as the Results tab's,
      // ADR 0141): a repeated one costs no read of its rows until the account writes. Later pages are read each time.
      const first = !after && !body.page;
      const rows = first
        ? await kept('participantsFirstPage', [filter, sort, direction, pageSize], read, undefined, 'pages')
        : await read();
      return { rows, total };
    });
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > pageSize && last
        ? encodeCursor({ s: sort, d: direction, f: key, v: last.sort_value, i: Number(last.id) })
        : null;
    return { participants: page.map(presentParticipant), totalRecords: total, nextCursor };
  },
};

export const participantsHandlers: ParticipantsHandlers = {
  async listParticipantCreators({ params }, ctx) {
    const rows = await ctx.inTenant(async (trx) => {
      if (!(await findParticipantProject(trx, params.projectId))) throw projectNotFound();
      return listParticipantCreators(trx, params.projectId);
    });
    return { creators: rows.map((r) => ({ userId: r.user_id, name: r.name })) };
  },

  async getParticipant({ params }, ctx) {
    const row = await ctx.inTenant((trx) => findParticipantRow(trx, params.id));
    if (!row) throw participantNotFound();
    return presentParticipant(row);
  },

  async createParticipants({ query, body }, ctx) {
    const isTest = query.is_test_participant ?? false;
    if (isTest && !ctx.principal().permissions.has(TEST_CREATE)) throw forbidden();
    const userId = ctx.principal().userId;
    const now = ctx.now();
    let invitationJobs = 0;
    const ids = await ctx.inTenant(async (trx) => {
      const project = await findParticipantProject(trx, body.projectId);
      if (!project) throw projectNotFound();
      if (project.stage_id === STAGE.SETUP) throw setupStageBlocked();
      if (project.stage_id === STAGE.TESTING && !isTest)
        throw unprocessable(
          'Participants added while the project is in the Testing stage are test participants.',
          'TEST_PARTICIPANT_REQUIRED',
          [{ field: 'is_test_participant', message: 'Participants added in the Testing stage are test participants.' }],
        );
      const rules = projectRules(project);
      const errors = new FieldErrors();
      const checked = body.participants.map((input, i) =>
        checkParticipantInput(input, rules, project.languageIds, (f, m) => errors.add(f, m), {
          prefix: `participants[${i}].`,
          checkIrn: true,
        }),
      );
      errors.throwIfAny();
      // Duplicate IRNs: twice in the request, or already in the project (hidden and test participants too).
      const seen = new Map<string, number>();
      for (const [i, p] of checked.entries()) {
        if (!p.interviewRefNum) continue;
        if (seen.has(p.interviewRefNum)) throw irnTaken(`participants[${i}].interviewRefNum`);
        seen.set(p.interviewRefNum, i);
      }
      const taken = await takenIrns(trx, project.id, [...seen.keys()]);
      if (taken.length) throw irnTaken(`participants[${seen.get(taken[0]!)!}].interviewRefNum`);
      let added: number[];
      try {
        // Access codes by the project's behaviour (the one assignment, ADR 0046).
        added = await addParticipantsWithCodes(
          trx,
          { tenantId: ctx.operatingTenant.id, projectId: project.id, rules },
          checked.map((p) => newParticipantOf(p, { isTestParticipant: isTest, createdBy: userId })),
          now,
        );
      } catch (error) {
        if (error instanceof AccessCodesTaken)
          throw accessCodeTaken(`participants[${error.indexes[0]!}].interviewRefNum`);
        // A concurrent add took the IRN or the code between the checks and the insert.
        if (isUniqueViolation(error)) throw irnTaken('participants[0].interviewRefNum');
        throw error;
      }
      // Invitations on create go through the invitation-job path (docs/product/participants.md#invitations).
      invitationJobs = await queueParticipantInvitations(
        trx,
        {
          tenantId: ctx.operatingTenant.id,
          projectId: project.id,
          participantIds: added,
          channels: await automaticInvitationChannels(trx, project.id),
          createdBy: userId,
        },
        now,
      );
      return added;
    });
    if (invitationJobs) ctx.deps.jobs.runSoon();
    return { message: 'Participant Added Successfully!', participantIds: ids };
  },

  async updateParticipant({ params, query, body }, ctx) {
    const permissions = ctx.principal().permissions;
    const isTest = query.is_test_participant ?? false;
    let invitationJobs = 0;
    const row = await ctx.inTenant(async (trx) => {
      const current = await lockParticipant(trx, params.id);
      if (!current) throw participantNotFound();
      if ((current.is_test_participant || isTest) && !permissions.has(TEST_UPDATE)) throw forbidden();
      const project = await findParticipantProject(trx, current.project_id);
      if (!project) throw participantNotFound();
      if (project.stage_id === STAGE.SETUP) throw setupStageBlocked();
      const rules = projectRules(project);
      const errors = new FieldErrors();
      const checked = checkParticipantInput(body, rules, project.languageIds, (f, m) => errors.add(f, m), {
        checkIrn: false,
      });
      const irn = body.interviewRefNum?.trim();
      if (irn !== undefined && irn !== '' && irn !== (current.interview_ref_num ?? ''))
        errors.add('interviewRefNum', 'The IRN can only be set when the participant is added.');
      errors.throwIfAny();
      const changes = {
        first_name: checked.first_name,
        last_name: checked.last_name,
        email: checked.email,
        phone_number: checked.phone_number,
        participant_language_id: checked.participant_language_id,
      };
      if (isEditLocked(current.status)) {
        const before: Record<(typeof EDIT_LOCKED_FIELDS)[number], unknown> = {
          first_name: current.first_name,
          last_name: current.last_name,
          email: current.email,
          phoneNumber: current.phone_number,
          participant_language_id: current.participant_language_id,
        };
        const after: Record<(typeof EDIT_LOCKED_FIELDS)[number], unknown> = {
          ...changes,
          phoneNumber: changes.phone_number,
        };
        const changed = EDIT_LOCKED_FIELDS.filter((f) => (before[f] ?? null) !== (after[f] ?? null));
        if (changed.length) {
          throw new HttpError(409, `Name, e-mail, phone and language cannot change in status ${current.status}.`, {
            code: 'PARTICIPANT_EDIT_LOCKED',
            errors: changed.map((field) => ({ field, message: 'This field cannot change in the current status.' })),
          });
        }
      }
      await updateParticipantRow(
        trx,
        params.id,
        {
          ...changes,
          timezone_id: checked.timezone_id,
          additional_description: checked.additional_description,
          is_test_participant: isTest,
        },
        ctx.now(),
      );
      if (body.sent_invite_on_update)
        // The invitation again, through the invitation-job path (docs/product/participants.md#invitations).
        invitationJobs = await queueParticipantInvitations(
          trx,
          {
            tenantId: ctx.operatingTenant.id,
            projectId: current.project_id,
            participantIds: [params.id],
            channels: await automaticInvitationChannels(trx, current.project_id),
            createdBy: ctx.principal().userId,
          },
          ctx.now(),
        );
      return (await findParticipantRow(trx, params.id))!;
    });
    if (invitationJobs) ctx.deps.jobs.runSoon();
    return { message: 'Participant Updated Successfully!', participant: presentParticipant(row) };
  },

  async deleteParticipants({ body }, ctx) {
    const selection = selectionOf(body);
    if (selection.testParticipant && !ctx.principal().permissions.has(TEST_UPDATE)) throw forbidden();
    const deleted = await ctx.inTenant(async (trx) => {
      if (!(await findParticipantProject(trx, body.projectId))) throw projectNotFound();
      const counts = await selectionStatusCounts(trx, selection);
      const blocked = counts.filter((c) => !canDeleteParticipant(c.status));
      if (blocked.length) {
        throw new HttpError(409, DELETE_BLOCKED_MESSAGE, {
          code: 'PARTICIPANT_DELETE_BLOCKED',
          errors: blocked.map((b) => ({ field: 'status', message: `${b.count} ${b.status}` })),
        });
      }
      return deleteSelectedParticipants(trx, selection);
    });
    return { message: 'Participants Delete Successfully!', deleted };
  },

  async hideParticipants({ body }, ctx) {
    const selection = selectionOf(body);
    if (selection.testParticipant)
      throw unprocessable('Participants cannot be hidden in test mode.', 'HIDE_IN_TEST_MODE', [
        { field: 'testParticipant', message: 'Participants cannot be hidden in test mode.' },
      ]);
    const changed = await ctx.inTenant(async (trx) => {
      if (!(await findParticipantProject(trx, body.projectId))) throw projectNotFound();
      return hideSelectedParticipants(trx, selection, ctx.now());
    });
    return { message: 'Participants hidden successfully', changed };
  },

  async unhideParticipants({ body }, ctx) {
    const changed = await ctx.inTenant(async (trx) => {
      if (!(await findParticipantProject(trx, body.projectId))) throw projectNotFound();
      return unhideParticipants(trx, body.projectId, body.participantIds, ctx.now());
    });
    return { message: 'Participants shown again successfully', changed };
  },
};
