import type { operations } from '../../../../contracts/project-service';
import { notFound, unprocessable } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { findDialInNumberUsers, findProjectCodeUsers, normaliseDialInNumber } from './language-config-store';
import { projectExists } from './lookups-store';
import { DIRECT_INTERVIEW_METHOD_IDS, INTERVIEW_METHODS } from './project-form-options';

type ProjectCheckHandlers = Pick<ServiceHandlers<operations>, 'checkProjectCodeAndPhone'>;

type ProjectCodeMap = Record<string, { project_name: string; tenant_name: string }>;
type PhoneNumberMap = Record<string, { tenant_name: string; project_name: string }[]>;

/** 001 §7 POST project/check: the project-code and dial-in number checks of the project form. */
export const projectCheckHandlers: ProjectCheckHandlers = {
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
      throw unprocessable('Unknown interview method.', 'VALIDATION_FAILED', [{ field: 'interviewMethodId', message: 'Unknown interview method.' }]);
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
};
