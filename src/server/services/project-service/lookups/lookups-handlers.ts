import type { operations } from '../../../../contracts/project-service';
import type { BusinessLineLevel } from '../../../platform/db/schema';
import { notFound, unprocessable } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { findDialInNumberUsers, findProjectCodeUsers, normaliseDialInNumber } from './language-config-store';
import { listBusinessLines, listBusinessLineTags, listTeamRoles, projectExists } from './lookups-store';
import { listActiveCallCenters } from '../projects/project-form-store';
import {
  ACCESS_CODE_BEHAVIORS,
  ADDITIONAL_FIELD_KEYS,
  CALL_DELAY_UNIT_SECONDS,
  DIRECT_INTERVIEW_METHOD_IDS,
  GUIDE_URL_OPTIONS,
  INTEGRATION_METHODS,
  INTERVIEW_METHODS,
  IRN_VERIFICATION_METHODS,
  LOCKED_ADDITIONAL_FIELD_KEYS,
  MULTILINGUAL_PHONE_OPTIONS,
  PHONE_NUMBER_STATUSES,
  QUESTIONNAIRE_TYPES,
  RANGES,
  SECURITY_TYPES,
  TELCOS,
} from './project-form-options';

/** The ProjectLookup tag: the project form's lookups and checks (docs/product/project-lookups.md#business-lines, #language-config, #project-check). */
type LookupsHandlers = Pick<
  ServiceHandlers<operations>,
  | 'getBusinessLineData'
  | 'getProjectFormOptions'
  | 'checkProjectCodeAndPhone'
  | 'listProjectTeamRoles'
  | 'listAdditionalFieldKeys'
  | 'listProjectCallCenters'
>;

/** The cascade of docs/product/project-lookups.md#business-lines, in order, with the labels the form shows. */
const LEVELS: { key: BusinessLineLevel; label: string }[] = [
  { key: 'INDUSTRY', label: 'Industry' },
  { key: 'BUSINESS_UNIT', label: 'Business Unit' },
  { key: 'BUSINESS_FUNCTION', label: 'Business Function' },
  { key: 'USE_CASE', label: 'Use Case' },
];
const levelOrder = new Map(LEVELS.map((l, index) => [l.key, index]));

type ProjectCodeMap = Record<string, { project_name: string; tenant_name: string }>;
type PhoneNumberMap = Record<string, { tenant_name: string; project_name: string }[]>;

export const lookupsHandlers: LookupsHandlers = {
  async getBusinessLineData(_input, ctx) {
    return ctx.inTenant(async (trx) => {
      const rows = await listBusinessLines(trx);
      const tags = await listBusinessLineTags(trx);
      const items = rows
        .sort((a, b) => levelOrder.get(a.level)! - levelOrder.get(b.level)!)
        .map((r) => ({ id: r.id, parentId: r.parent_id, level: r.level, value: r.value, label: r.label }));
      return { levels: LEVELS, items, tags };
    });
  },

  async getProjectFormOptions() {
    return {
      interviewMethods: INTERVIEW_METHODS,
      directInterviewMethodIds: [...DIRECT_INTERVIEW_METHOD_IDS],
      multilingualPhoneOptions: MULTILINGUAL_PHONE_OPTIONS,
      integrationMethods: INTEGRATION_METHODS,
      accessCodeBehaviors: ACCESS_CODE_BEHAVIORS,
      guideUrlOptions: GUIDE_URL_OPTIONS,
      irnVerificationMethods: IRN_VERIFICATION_METHODS,
      phoneNumberStatuses: PHONE_NUMBER_STATUSES,
      telcos: TELCOS,
      questionnaireTypes: [...QUESTIONNAIRE_TYPES],
      securityTypes: [...SECURITY_TYPES],
      lockedAdditionalFieldKeys: [...LOCKED_ADDITIONAL_FIELD_KEYS],
      ranges: RANGES,
      callDelayUnitSeconds: CALL_DELAY_UNIT_SECONDS,
    };
  },

  /** docs/product/project-lookups.md#project-check POST project/check: the project-code and dial-in number checks of the project form. */
  async checkProjectCodeAndPhone({ body }, ctx) {
    const projectId = body.projectId ?? null;
    const code = body.projectCode?.trim();
    const numbers = body.phoneNumber ?? [];
    if (!code && numbers.length === 0) {
      throw unprocessable('Name a project code or phone numbers to check.', 'NOTHING_TO_CHECK', [
        { field: 'projectCode', message: 'Please enter the project code' },
      ]);
    }
    const methodId = body.interviewMethodId ?? INTERVIEW_METHODS.find((m) => m.default)!.id;
    if (!INTERVIEW_METHODS.some((m) => m.id === methodId)) {
      throw unprocessable('Unknown interview method.', 'VALIDATION_FAILED', [
        { field: 'interviewMethodId', message: 'Unknown interview method.' },
      ]);
    }
    return ctx.inTenant(async (trx) => {
      if (projectId !== null) {
        if (!(await projectExists(trx, projectId))) throw notFound('Project not found.');
      }
      const projectCode: ProjectCodeMap = {};
      if (code) {
        const other = (await findProjectCodeUsers(trx, [code])).find((u) => u.projectId !== projectId);
        if (other) projectCode[code] = { project_name: other.projectName, tenant_name: other.tenantName };
      }
      const phoneNumber: PhoneNumberMap = {};
      if (numbers.length && !DIRECT_INTERVIEW_METHOD_IDS.has(methodId)) {
        const asked = new Map<string, string[]>();
        for (const number of numbers) {
          const normalised = normaliseDialInNumber(number);
          if (normalised) asked.set(normalised, [...(asked.get(normalised) ?? []), number]);
        }
        for (const user of await findDialInNumberUsers(trx, [...asked.keys()])) {
          if (user.projectId === projectId) continue;
          for (const original of asked.get(user.dialInNumber) ?? []) {
            (phoneNumber[original] ??= []).push({ tenant_name: user.tenantName, project_name: user.projectName });
          }
        }
      }
      return { projectCode, phoneNumber };
    });
  },

  /** docs/product/project-lookups.md#team-roles GET project/roles?tenantId: the roles a project team member can be given. */
  async listProjectTeamRoles(_input, ctx) {
    const tenant = ctx.operatingTenant;
    const roles = await ctx.inTenant((trx) => listTeamRoles(trx, tenant.id));
    return roles.map((r) => ({
      roleId: r.id,
      name: r.name,
      description: r.description,
      tenant: { tenantId: tenant.id, tenantName: tenant.name },
    }));
  },

  /** docs/product/project-form.md#additional-fields GET project/keys. */
  async listAdditionalFieldKeys() {
    return ADDITIONAL_FIELD_KEYS.map((k) => ({ ...k, locked: LOCKED.has(k.key) }));
  },

  /** docs/product/project-form.md#calls GET project/call-centers: id and name of the active call centers. */
  async listProjectCallCenters(_input, ctx) {
    return ctx.inTenant((trx) => listActiveCallCenters(trx));
  },
};

const LOCKED = new Set<string>(LOCKED_ADDITIONAL_FIELD_KEYS);
