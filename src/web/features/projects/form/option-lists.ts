import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FormOption, ProjectAttribute, QuestionnaireType } from '../../../api/generated/project-service';
import type { SelectOption } from '../../../components/form/select-field';

/** A form option of additional-json as a select option; the English label is the fallback of its translation. */
const OPTION_LABELS: Record<string, ReturnType<typeof msg>> = {
  DIRECT_DIAL: msg`Direct dial (outbound call to the participant)`,
  DIAL_IN: msg`Dial-in (participant calls the project number)`,
  WEB_CALL: msg`Web call (browser, WebRTC)`,
  NUMBER_PER_LANGUAGE: msg`One dial-in number per language`,
  SHARED_NUMBER_IVR: msg`One shared number with an IVR language menu`,
  CONSOLE_UPLOAD: msg`Console upload`,
  CLIENT_API: msg`Client API`,
  GENERATED: msg`Generated access code`,
  SAME_AS_IRN: msg`Access code same as IRN`,
  PROVIDER_DOMAIN: msg`Provider guide domain`,
  CLIENT_DOMAIN: msg`Client guide domain`,
  NONE: msg`No verification`,
  VERIFICATION_URL: msg`Client participant verification URL`,
  ACTIVE: msg`Active`,
  RESERVED: msg`Reserved`,
  RELEASED: msg`Released`,
};

export const formOptions = (list: readonly FormOption[], i18n: I18n): SelectOption[] =>
  list.map((option) => ({
    value: String(option.id),
    label: OPTION_LABELS[option.key] ? i18n._(OPTION_LABELS[option.key]!) : option.label,
  }));

export const attributeOptions = (list: readonly ProjectAttribute[] | undefined): SelectOption[] =>
  (list ?? []).map((a) => ({ value: String(a.attributeId), label: a.description }));

const QUESTIONNAIRE_LABELS: Record<QuestionnaireType, ReturnType<typeof msg>> = {
  PRECISION_QUESTIONNAIRE: msg`Precision`,
  EXPRESS_QUESTIONNAIRE: msg`Express`,
  HYBRID_QUESTIONNAIRE: msg`Hybrid`,
  PRECISION_RED_GREEN_QUESTIONNAIRE: msg`Precision Red Green`,
  SURGE_QUESTIONNAIRE: msg`Surge`,
  PROTECT_QUESTIONNAIRE: msg`Protect`,
};

export const questionnaireOptions = (types: readonly QuestionnaireType[], i18n: I18n): SelectOption[] =>
  types.map((type) => ({ value: type, label: i18n._(QUESTIONNAIRE_LABELS[type]) }));
