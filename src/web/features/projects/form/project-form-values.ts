import type {
  BusinessLineData,
  BusinessLineEntry,
  ClientApiSettings,
  ProjectDetail,
  ProjectFormInput,
  QuestionnaireType,
} from '../../../api/generated/project-service';
import {
  BUSINESS_LINE_LEVELS,
  cloneName,
  DEFAULT_AUTHORIZATION_PREFIX,
  DEFAULT_SECURITY_TYPE,
  INTERNAL_FLAG_DEFAULTS,
  INTERNAL_FLAGS,
  INTERNAL_VALUE_DEFAULTS,
  latestPickableDay,
  numberFromText,
  PROJECT_RANGES,
  stripWhitespace,
  type InternalFlag,
  type ProjectDraft,
} from '../../../../shared/project-rules';

/** One Multi Language Configuration row as the form holds it: ids and numbers as the text of their inputs. */
export interface LanguageRowValues {
  languageConfigId: number | null;
  language: string;
  projectCode: string;
  interviewServerPrimary: string;
  interviewServerBackup: string;
  dialInNumber: string;
  matchingPhoneNumber: string;
  inboundTelcoId: string;
  phoneNumberStatusId: string;
  ivrOption: string;
  ivrPreambleLanguageId: string;
  callDelayBy: string;
}

export interface ClientApiValues {
  participant_callback_url: string;
  result_callback_url: string;
  project_callback_url: string;
  participant_verification_url: string;
  caller_id_check: boolean;
  security_type: 'API_KEY' | 'CLIENT_CREDENTIAL';
  api_key: string;
  client_credential: {
    secret: string;
    audience: string;
    clientid: string;
    tokenuri: string;
    authourization: string;
    scope: string;
  };
  additional_fields: { key: string; value: string }[];
}

type InternalTextField =
  | 'defaultCustomerInterviewMethodId'
  | 'multilingualPhoneId'
  | 'integration_method_id'
  | 'accessCodeBehaviorId'
  | 'guideURLOptionId'
  | 'irnVerificationMethodId'
  | 'result_configuration_template_id'
  | 'irnLength'
  | 'sender_name'
  | 'result_email_recipient'
  | 'call_delay_by_in_sec'
  | 'auto_reminder_time_in_days';

/**
 * The project form (docs/product/project-form.md#console): the names of ProjectFormInput, so the server's field
 * errors and the shared rules' field paths land on the fields as they are; ids and numbers as input text.
 */
export type ProjectFormValues = {
  name: string;
  description: string;
  note: string;
  languageId: string;
  locationId: string;
  typeId: string;
  departmentId: string;
  externalRiskObjectiveId: string;
  statusId: string;
  stageId: string;
  currencyId: string;
  estStartDate: string;
  estEndDate: string;
  estParticipant: string;
  resourcesPassword: string;
  questionaire_type: QuestionnaireType;
  /** Comma-separated. */
  tags: string;
  /** One entry per level of the cascade, in level order. */
  businessLine: BusinessLineEntry[];
  isBusinessLineOptional: boolean;
  /** The project's interview languages (ids as text). */
  projectLanguages: string[];
  projectMultiLanguageConfig: LanguageRowValues[];
  clientAPIUrl1: ClientApiValues;
  configurationJSON: Record<string, unknown> | null;
  /** The call centers the project uses (ids as text; docs/product/project-form.md#call-centers). */
  callCenterIds: string[];
} & Record<InternalTextField, string> &
  Record<InternalFlag, boolean>;

/** What the form may show and change (docs/product/project-form.md#permissions). */
export interface ProjectFormAccess {
  editing: boolean;
  /** tenant.project.detail.update (editing) or .create (creating); without it every field is disabled. */
  canSave: boolean;
  /** tenant.project.detail.internal.read: the IRN length and the internal sections are shown. */
  internalRead: boolean;
  /** tenant.project.detail.internal.update: Status, Stage and the internal fields can be changed and are sent. */
  internalUpdate: boolean;
  /** tenant.project.details.file.password.read: the File Download Password is shown and sent. */
  passwordRead: boolean;
  /** tenant.result.config.read: the Template Type and the template list. */
  resultConfigRead: boolean;
  /** A system-tenant user: the Business Line always, and its optional switch. */
  systemTenant: boolean;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());
const idOrNull = (value: string) => (value === '' ? null : Number(value));

export const emptyLanguageRow = (language = ''): LanguageRowValues => ({
  languageConfigId: null,
  language,
  projectCode: '',
  interviewServerPrimary: '',
  interviewServerBackup: '',
  dialInNumber: '',
  matchingPhoneNumber: '',
  inboundTelcoId: '',
  phoneNumberStatusId: '',
  ivrOption: '',
  ivrPreambleLanguageId: '',
  callDelayBy: String(PROJECT_RANGES.callDelayBy.default),
});

/** The business line of a project, one entry per level of the taxonomy (empty levels where none is saved). */
export function businessLineValues(
  saved: readonly BusinessLineEntry[],
  levels: BusinessLineData['levels'] | undefined,
): BusinessLineEntry[] {
  const order = levels ?? BUSINESS_LINE_LEVELS.map((key) => ({ key, label: key }));
  return order.map(
    (level) =>
      saved.find((entry) => entry.currentFieldKey === level.key) ?? {
        value: null,
        label: null,
        currentFieldKey: level.key,
        currentFieldlabel: level.label,
      },
  );
}

const clientApiValues = (api: ClientApiSettings | undefined, host: string): ClientApiValues => ({
  participant_callback_url: text(api?.participant_callback_url),
  result_callback_url: text(api?.result_callback_url),
  project_callback_url: text(api?.project_callback_url),
  participant_verification_url: text(api?.participant_verification_url),
  caller_id_check: api?.caller_id_check ?? false,
  security_type: api?.security_type ?? DEFAULT_SECURITY_TYPE,
  api_key: text(api?.api_key),
  client_credential: {
    secret: text(api?.client_credential?.secret),
    audience: text(api?.client_credential?.audience),
    clientid: text(api?.client_credential?.clientid),
    tokenuri: api?.client_credential?.tokenuri ?? `${host.replace(/\/+$/, '')}/token`,
    authourization: api?.client_credential?.authourization ?? DEFAULT_AUTHORIZATION_PREFIX,
    scope: text(api?.client_credential?.scope),
  },
  additional_fields: (api?.additional_fields ?? []).map((f) => ({ key: text(f.key), value: text(f.value) })),
});

export interface NewProjectDefaults {
  /** The tenant's Active status and Setup stage (docs/product/project-form.md#fields "New projects"). */
  statusId: number | null;
  stageId: number | null;
  /** English. */
  languageId: number;
  languageLabel: string;
  /** The origin the default token URI starts with ('{host}/token'). */
  host: string;
}

/**
 * The form's values: of a project (edit), of a clone's source (a new project that starts from it, named
 * `<name> - Clone`, its rows without project codes), or of a new project with the defaults of
 * docs/product/project-form.md#fields.
 */
export function projectFormValues(
  project: ProjectDetail | null,
  defaults: NewProjectDefaults,
  levels: BusinessLineData['levels'] | undefined,
  mode: 'edit' | 'clone' | 'create',
): ProjectFormValues {
  const internalValues = Object.fromEntries(
    (Object.keys(INTERNAL_VALUE_DEFAULTS) as (keyof typeof INTERNAL_VALUE_DEFAULTS)[]).map((field) => [
      field,
      text(project && field in project ? project[field] : INTERNAL_VALUE_DEFAULTS[field]),
    ]),
  ) as Record<InternalTextField, string>;
  const flags = Object.fromEntries(
    INTERNAL_FLAGS.map((flag) => [flag, project?.[flag] ?? INTERNAL_FLAG_DEFAULTS[flag]]),
  ) as Record<InternalFlag, boolean>;
  const rows = (project?.projectMultiLanguageConfig ?? []).map((row): LanguageRowValues => ({
    languageConfigId: mode === 'edit' ? row.languageConfigId : null,
    language: String(row.language),
    projectCode: mode === 'edit' ? row.projectCode : '',
    interviewServerPrimary: text(row.interviewServerPrimary),
    interviewServerBackup: text(row.interviewServerBackup),
    dialInNumber: text(row.dialInNumber),
    matchingPhoneNumber: text(row.matchingPhoneNumber),
    inboundTelcoId: text(row.inboundTelcoId),
    phoneNumberStatusId: text(row.phoneNumberStatusId),
    ivrOption: text(row.ivrOption),
    ivrPreambleLanguageId: text(row.ivrPreambleLanguageId),
    callDelayBy: text(row.callDelayBy),
  }));
  return {
    name: project ? (mode === 'clone' ? cloneName(project.name) : project.name) : '',
    description: text(project?.description),
    note: text(project?.note),
    languageId: text(project ? project.languageId : defaults.languageId),
    locationId: text(project?.locationId),
    typeId: text(project?.typeId),
    departmentId: text(project?.departmentId),
    externalRiskObjectiveId: text(project?.externalRiskObjectiveId),
    statusId: text(project ? project.statusId : defaults.statusId),
    stageId: text(project ? project.stageId : defaults.stageId),
    currencyId: text(project?.currencyId),
    estStartDate: text(project?.estStartDate).slice(0, 10),
    estEndDate: text(project?.estEndDate).slice(0, 10),
    estParticipant: text(project?.estParticipant),
    resourcesPassword: text(project?.resourcesPassword),
    questionaire_type: project?.questionaire_type ?? 'PRECISION_QUESTIONNAIRE',
    tags: (project?.tags ?? []).join(', '),
    businessLine: businessLineValues(project?.businessLine ?? [], levels),
    isBusinessLineOptional: project?.isBusinessLineOptional ?? true,
    projectLanguages: project
      ? project.projectLanguagesData.map((l) => String(l.value))
      : [String(defaults.languageId)],
    projectMultiLanguageConfig: rows,
    clientAPIUrl1: clientApiValues(project?.clientAPIUrl1, defaults.host),
    configurationJSON: project?.configurationJSON ?? null,
    callCenterIds: (project?.callCenterIds ?? []).map(String),
    ...internalValues,
    ...flags,
  };
}

export const tagList = (tags: string) => [
  ...new Set(
    tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];

const rowInput = (row: LanguageRowValues) => ({
  languageConfigId: row.languageConfigId,
  language: idOrNull(row.language),
  projectCode: row.projectCode.trim(),
  interviewServerPrimary: textOrNull(row.interviewServerPrimary),
  interviewServerBackup: textOrNull(row.interviewServerBackup),
  dialInNumber: textOrNull(row.dialInNumber),
  matchingPhoneNumber: textOrNull(row.matchingPhoneNumber),
  inboundTelcoId: idOrNull(row.inboundTelcoId),
  phoneNumberStatusId: idOrNull(row.phoneNumberStatusId),
  ivrOption: numberFromText(row.ivrOption),
  ivrPreambleLanguageId: idOrNull(row.ivrPreambleLanguageId),
  callDelayBy: numberFromText(row.callDelayBy),
});

const clientApiInput = (api: ClientApiValues): ClientApiSettings => ({
  participant_callback_url: textOrNull(api.participant_callback_url),
  result_callback_url: textOrNull(api.result_callback_url),
  project_callback_url: textOrNull(api.project_callback_url),
  participant_verification_url: textOrNull(api.participant_verification_url),
  caller_id_check: api.caller_id_check,
  security_type: api.security_type,
  api_key: textOrNull(api.api_key),
  client_credential: {
    secret: textOrNull(api.client_credential.secret),
    audience: textOrNull(api.client_credential.audience),
    clientid: textOrNull(api.client_credential.clientid),
    tokenuri: textOrNull(api.client_credential.tokenuri),
    authourization: api.client_credential.authourization === '' ? null : api.client_credential.authourization,
    scope: textOrNull(api.client_credential.scope),
  },
  additional_fields: api.additional_fields.map((f) => ({ key: textOrNull(f.key), value: stripWhitespace(f.value) })),
});

/**
 * Whether the Business Line section is shown (docs/product/project-form.md#sections: system-tenant users, or a project
 * with more than one line).
 */
export const showsBusinessLine = (access: ProjectFormAccess, project: ProjectDetail | null) =>
  access.systemTenant || (project?.businessLine.filter((line) => line.value).length ?? 0) > 1;

/** Whether the business line may be changed: on a new project by whoever sees it, afterwards by system-tenant users. */
export const editsBusinessLine = (access: ProjectFormAccess, project: ProjectDetail | null) =>
  showsBusinessLine(access, project) && (!access.editing || access.systemTenant);

/**
 * What Save sends (docs/product/project-form.md#save: tags as values, dates as days, creation date left out): only the
 * fields the caller may change, so that a field they may not change keeps its stored value
 * (docs/product/project-form.md#permissions).
 */
export function projectFormInput(
  values: ProjectFormValues,
  access: ProjectFormAccess,
  project: ProjectDetail | null,
  languageLabels: ReadonlyMap<number, string>,
): ProjectFormInput {
  const input: ProjectFormInput = {
    name: values.name.trim(),
    description: textOrNull(values.description),
    note: textOrNull(values.note),
    languageId: idOrNull(values.languageId),
    locationId: idOrNull(values.locationId),
    typeId: idOrNull(values.typeId),
    departmentId: idOrNull(values.departmentId),
    externalRiskObjectiveId: idOrNull(values.externalRiskObjectiveId),
    currencyId: idOrNull(values.currencyId),
    estStartDate: textOrNull(values.estStartDate),
    estEndDate: textOrNull(values.estEndDate),
    estParticipant: numberFromText(values.estParticipant),
    questionaire_type: values.questionaire_type,
    tags: tagList(values.tags),
    projectLanguagesData: values.projectLanguages.map((id) => ({
      value: Number(id),
      label: languageLabels.get(Number(id)) ?? '',
    })),
    projectMultiLanguageConfig: values.projectMultiLanguageConfig.map(
      rowInput,
    ) as ProjectFormInput['projectMultiLanguageConfig'],
    clientAPIUrl1: clientApiInput(values.clientAPIUrl1),
    configurationJSON: values.configurationJSON,
    callCenterIds: values.callCenterIds.map(Number),
  };
  if (access.passwordRead) input.resourcesPassword = textOrNull(values.resourcesPassword);
  if (access.internalUpdate) {
    input.statusId = idOrNull(values.statusId);
    input.stageId = idOrNull(values.stageId);
    for (const field of [
      'defaultCustomerInterviewMethodId',
      'multilingualPhoneId',
      'integration_method_id',
      'accessCodeBehaviorId',
      'guideURLOptionId',
      'irnVerificationMethodId',
      'result_configuration_template_id',
      'call_delay_by_in_sec',
      'auto_reminder_time_in_days',
      'irnLength',
    ] as const)
      input[field] = numberFromText(values[field]);
    input.sender_name = textOrNull(values.sender_name);
    input.result_email_recipient = textOrNull(values.result_email_recipient);
    for (const flag of INTERNAL_FLAGS) input[flag] = values[flag];
  }
  if (access.systemTenant) input.isBusinessLineOptional = values.isBusinessLineOptional;
  if (editsBusinessLine(access, project))
    input.businessLine = values.businessLine.map((line) => ({ ...line, value: line.value || null }));
  return input;
}

/** The latest day the date pickers offer (docs/product/project-form.md#limits: two days after the user's own today). */
export function latestDayFrom(nowMs: number): string {
  const now = new Date(nowMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return latestPickableDay(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`);
}

/** The values as the shared rules read them (src/shared/project-rules.ts). */
export function projectDraft(values: ProjectFormValues): ProjectDraft {
  return {
    name: values.name,
    estStartDate: values.estStartDate || null,
    estEndDate: values.estEndDate || null,
    sender_name: values.sender_name,
    result_email_recipient: values.result_email_recipient,
    enable_indivisual_result_email: values.enable_indivisual_result_email,
    irnLength: numberFromText(values.irnLength),
    auto_reminder_time_in_days: numberFromText(values.auto_reminder_time_in_days),
    tags: tagList(values.tags),
    businessLine: values.businessLine,
    isBusinessLineOptional: values.isBusinessLineOptional,
    projectLanguagesData: values.projectLanguages.map((id) => ({ value: Number(id) })),
    projectMultiLanguageConfig: values.projectMultiLanguageConfig.map(rowInput),
    clientAPIUrl1: values.clientAPIUrl1,
  };
}
