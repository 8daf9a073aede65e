import type { operations } from '../../../../contracts/project-service';
import type { BusinessLineLevel } from '../../../platform/db/schema';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { listBusinessLines, listBusinessLineTags } from './lookups-store';
import {
  ACCESS_CODE_BEHAVIORS,
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

type FormLookupHandlers = Pick<ServiceHandlers<operations>, 'getBusinessLineData' | 'getProjectFormOptions'>;

/** The cascade of 001 §2, in order, with the labels the form shows. */
const LEVELS: { key: BusinessLineLevel; label: string }[] = [
  { key: 'INDUSTRY', label: 'Industry' },
  { key: 'BUSINESS_UNIT', label: 'Business Unit' },
  { key: 'BUSINESS_FUNCTION', label: 'Business Function' },
  { key: 'USE_CASE', label: 'Use Case' },
];
const levelOrder = new Map(LEVELS.map((l, index) => [l.key, index]));

export const formLookupHandlers: FormLookupHandlers = {
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
};
