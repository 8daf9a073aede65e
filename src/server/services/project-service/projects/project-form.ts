import type { components } from '../../../../contracts/project-service';
import {
  DEFAULT_SECURITY_TYPE,
  INTERNAL_FIELDS,
  INTERNAL_FLAG_DEFAULTS,
  INTERNAL_VALUE_DEFAULTS,
  latestCurrentDay,
  latestPickableDay,
  projectProblemMessage,
  projectProblems,
  stripWhitespace,
  type InternalField,
} from '../../../../shared/project-rules';
import type { Db } from '../../../platform/db/schema';
import { FieldErrors } from '../../../platform/http/field-errors';
import { forbidden, HttpError, notFound } from '../../../platform/http/http-error';
import { readProjectLanguageConfig, saveProjectLanguageConfig } from '../lookups/language-config-store';
import { DIRECT_INTERVIEW_METHOD_IDS } from '../lookups/project-form-options';
import { STAGE, STATUS } from './project-attributes';
import {
  attributeExists,
  copyProjectQuestions,
  existingCallCenterIds,
  existingLanguageIds,
  insertProjectRow,
  readProjectCallCenterIds,
  readStoredProject,
  resultTemplateExists,
  setProjectCallCenters,
  setProjectLanguages,
  updateProjectRow,
  type ProjectColumns,
  type StoredProject,
} from './project-form-store';
import { listProjectLanguages } from './projects-store';

export type ProjectFormInput = components['schemas']['ProjectFormInput'];
export type ProjectDetail = components['schemas']['ProjectDetail'];
type ClientApi = components['schemas']['ClientApiSettings'];

/** What the caller may read and change on the form (docs/product/project-form.md#permissions). */
export interface FieldAccess {
  internalRead: boolean;
  internalUpdate: boolean;
  passwordRead: boolean;
  /** A user of the system tenant: the business-line switch and editing a saved business line. */
  systemUser: boolean;
}

export function fieldAccess(permissions: ReadonlySet<string>, systemUser: boolean): FieldAccess {
  return {
    internalRead: permissions.has('tenant.project.detail.internal.read'),
    internalUpdate: permissions.has('tenant.project.detail.internal.update'),
    passwordRead: permissions.has('tenant.project.details.file.password.read'),
    systemUser,
  };
}

/** Everything the seed and tests pass; access is what the caller holds (the seed holds everything). */
export const FULL_ACCESS: FieldAccess = {
  internalRead: true,
  internalUpdate: true,
  passwordRead: true,
  systemUser: true,
};

const defaultColumns = (): ProjectColumns => ({
  name: '',
  description: null,
  note: null,
  active: true,
  status_id: STATUS.ACTIVE,
  stage_id: STAGE.SETUP,
  questionnaire_type: 'PRECISION_QUESTIONNAIRE',
  language_id: 1,
  location_id: null,
  type_id: null,
  department_id: null,
  external_risk_objective_id: null,
  currency_id: null,
  est_start_date: null,
  est_end_date: null,
  est_participant: null,
  resources_password: null,
  parent_id: null,
  tags: [],
  business_line: [],
  is_business_line_optional: true,
  internal_settings: { ...INTERNAL_VALUE_DEFAULTS, ...INTERNAL_FLAG_DEFAULTS },
  client_api: { security_type: DEFAULT_SECURITY_TYPE, additional_fields: [] },
  configuration_json: null,
});

/** Input property → column, for the plain fields (the rest are mapped by hand below). */
const PLAIN: [keyof ProjectFormInput, keyof ProjectColumns][] = [
  ['description', 'description'],
  ['note', 'note'],
  ['statusId', 'status_id'],
  ['stageId', 'stage_id'],
  ['questionaire_type', 'questionnaire_type'],
  ['languageId', 'language_id'],
  ['locationId', 'location_id'],
  ['typeId', 'type_id'],
  ['departmentId', 'department_id'],
  ['externalRiskObjectiveId', 'external_risk_objective_id'],
  ['currencyId', 'currency_id'],
  ['estStartDate', 'est_start_date'],
  ['estEndDate', 'est_end_date'],
  ['estParticipant', 'est_participant'],
  ['resourcesPassword', 'resources_password'],
  ['parentId', 'parent_id'],
  ['tags', 'tags'],
  ['businessLine', 'business_line'],
  ['isBusinessLineOptional', 'is_business_line_optional'],
  ['configurationJSON', 'configuration_json'],
];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sent = (input: ProjectFormInput, key: string) => (input as Record<string, unknown>)[key] !== undefined;
const value = (input: ProjectFormInput, key: string) => (input as Record<string, unknown>)[key];

/**
 * The permission-gated fields the input would change without the permission to (docs/product/project-form.md#permissions).
 * A field sent with its stored value is no change.
 */
function refusedFields(input: ProjectFormInput, current: ProjectColumns, access: FieldAccess, editing: boolean) {
  const refused: string[] = [];
  const check = (field: string, allowed: boolean, stored: unknown) => {
    if (!allowed && sent(input, field) && !same(value(input, field), stored)) refused.push(field);
  };
  for (const field of INTERNAL_FIELDS) check(field, access.internalUpdate, current.internal_settings[field]);
  check('statusId', access.internalUpdate, current.status_id);
  check('stageId', access.internalUpdate, current.stage_id);
  check('resourcesPassword', access.passwordRead, current.resources_password);
  check('isBusinessLineOptional', access.systemUser, current.is_business_line_optional);
  check('businessLine', access.systemUser || !editing, current.business_line);
  return refused;
}

function clientApiOf(input: ClientApi, current: Record<string, unknown>): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current, ...input };
  next.security_type = input.security_type ?? current.security_type ?? DEFAULT_SECURITY_TYPE;
  next.additional_fields = (
    input.additional_fields ??
    (current.additional_fields as ClientApi['additional_fields']) ??
    []
  ).map((field) => ({
    key: field.key?.trim() ?? null,
    value: field.value === null ? null : stripWhitespace(field.value),
  }));
  return next;
}

/** The columns after applying the input to the current ones. */
function nextColumns(input: ProjectFormInput, current: ProjectColumns): ProjectColumns {
  const next: ProjectColumns = { ...current, internal_settings: { ...current.internal_settings } };
  const target = next as unknown as Record<string, unknown>;
  for (const [field, column] of PLAIN) if (sent(input, field)) target[column] = value(input, field);
  next.name = input.name.trim();
  next.tags = [...new Set(next.tags.map((tag) => tag.trim()).filter(Boolean))];
  next.active = next.status_id === STATUS.ACTIVE;
  for (const field of INTERNAL_FIELDS) if (sent(input, field)) next.internal_settings[field] = value(input, field);
  const senderName = next.internal_settings.sender_name;
  if (typeof senderName === 'string') next.internal_settings.sender_name = senderName.trim() || null;
  if (input.clientAPIUrl1) next.client_api = clientApiOf(input.clientAPIUrl1, current.client_api);
  return next;
}

const columnsOf = (stored: StoredProject): ProjectColumns => {
  const { id: _id, uuid: _uuid, tenant_id: _tenant, created_at: _created, stage_sequence: _stage, ...columns } = stored;
  return {
    ...columns,
    internal_settings: { ...INTERNAL_VALUE_DEFAULTS, ...INTERNAL_FLAG_DEFAULTS, ...columns.internal_settings },
  };
};

/** References the form names that must exist in the operating tenant (a missing one is a 422, never a 500). */
async function checkReferences(trx: Db, next: ProjectColumns, projectId: number | null, errors: FieldErrors) {
  const languages = [...new Set([next.language_id ?? 1])];
  const known = await existingLanguageIds(trx, languages);
  if (next.language_id !== null && !known.has(next.language_id)) errors.add('languageId', 'Please select the language');
  if (next.status_id !== null && !(await attributeExists(trx, 'STATUS', next.status_id)))
    errors.add('statusId', 'Unknown status.');
  if (next.stage_id !== null && !(await attributeExists(trx, 'STAGE', next.stage_id)))
    errors.add('stageId', 'Unknown stage.');
  if (next.parent_id !== null && (next.parent_id === projectId || !(await readStoredProject(trx, next.parent_id))))
    errors.add('parentId', 'No Project Found');
  const template = next.internal_settings.result_configuration_template_id;
  if (typeof template === 'number' && !(await resultTemplateExists(trx, template)))
    errors.add('result_configuration_template_id', 'Unknown result template.');
}

export interface SaveProjectOptions {
  tenantId: number;
  /** The project being edited; null creates one (or a clone when input.clone). */
  projectId: number | null;
  access: FieldAccess;
  now: Date;
  /**
   * The date pickers' cap (docs/product/project-form.md#limits; docs/product/project-form.md#date-cap) applies to what
   * a caller sends; the seed, which sets demo dates directly, passes false.
   */
  capDates?: boolean;
}

/**
 * Creates, updates or clones a project from the project form (docs/product/project-form.md#save), in the caller's
 * transaction: the permission gate (403), the rules of src/shared/project-rules.ts and the references (422),
 * the row, its languages, its Multi Language Configuration rows through saveProjectLanguageConfig and, for a
 * clone, the source's questions. Anything refused throws before or inside the transaction, so nothing is kept.
 * Tenant scope. Returns the project id.
 */
export async function saveProjectForm(trx: Db, input: ProjectFormInput, options: SaveProjectOptions): Promise<number> {
  const editing = options.projectId !== null;
  if (editing && input.clone) {
    throw new HttpError(422, 'A saved project is cloned by creating a new one.', { code: 'CLONE_ON_UPDATE' });
  }
  const sourceId = !editing && input.clone ? (input.projectId ?? null) : null;
  if (!editing && input.clone && sourceId === null) {
    throw new HttpError(422, 'Name the project to clone.', {
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'projectId', message: 'Name the project to clone.' }],
    });
  }
  const baseId = options.projectId ?? sourceId;
  const stored = baseId === null ? null : await readStoredProject(trx, baseId);
  if (baseId !== null && !stored) throw notFound('Project not found.');
  const current = stored ? columnsOf(stored) : defaultColumns();
  if (sourceId !== null) current.parent_id = sourceId;

  const refused = refusedFields(input, current, options.access, editing);
  if (refused.length) {
    throw forbidden(`You do not have permission to change: ${refused.join(', ')}.`, {
      code: 'FIELD_NOT_PERMITTED',
      errors: refused.map((field) => ({ field, message: 'You do not have permission to change this field.' })),
    });
  }

  const next = nextColumns(input, current);
  const currentLanguages = baseId === null ? [] : (await listProjectLanguages(trx, baseId)).map((l) => l.id);
  const languageIds = [
    ...new Set(
      input.projectLanguagesData?.map((l) => l.value) ??
        (currentLanguages.length ? currentLanguages : [next.language_id ?? 1]),
    ),
  ];
  const direct = DIRECT_INTERVIEW_METHOD_IDS.has(Number(next.internal_settings.defaultCustomerInterviewMethodId));
  const errors = new FieldErrors();
  const problems = projectProblems(
    {
      ...next,
      ...(next.internal_settings as object),
      name: next.name,
      estStartDate: next.est_start_date,
      estEndDate: next.est_end_date,
      businessLine: next.business_line as { value?: string | null; currentFieldKey?: string }[],
      isBusinessLineOptional: next.is_business_line_optional,
      projectLanguagesData: languageIds.map((id) => ({ value: id })),
      projectMultiLanguageConfig: input.projectMultiLanguageConfig ?? [],
      clientAPIUrl1: next.client_api,
    },
    {
      internal: options.access.internalRead || INTERNAL_FIELDS.some((field: InternalField) => sent(input, field)),
      businessLine: options.access.systemUser || sent(input, 'businessLine'),
      direct,
      ...(options.capDates !== false && {
        dateCap: {
          latestDay: latestPickableDay(latestCurrentDay(options.now)),
          saved: { estStartDate: current.est_start_date, estEndDate: current.est_end_date },
        },
      }),
    },
  );
  for (const problem of problems) errors.add(problem.field, projectProblemMessage(problem));
  // Call centers (docs/product/project-form.md#call-centers): left out keeps the stored ones (clone: the source's).
  const callCenterIds = input.callCenterIds
    ? [...new Set(input.callCenterIds)]
    : baseId === null
      ? []
      : await readProjectCallCenterIds(trx, baseId);
  const knownCallCenters = await existingCallCenterIds(trx, callCenterIds);
  if (callCenterIds.some((id) => !knownCallCenters.has(id))) errors.add('callCenterIds', 'Unknown call center.');
  const knownLanguages = await existingLanguageIds(trx, languageIds);
  if (languageIds.some((id) => !knownLanguages.has(id)))
    errors.add('projectLanguagesData', 'Please select the language');
  await checkReferences(trx, next, options.projectId, errors);
  errors.throwIfAny();

  let projectId: number;
  if (options.projectId === null) {
    projectId = await insertProjectRow(trx, options.tenantId, next, options.now);
  } else {
    projectId = options.projectId;
    await updateProjectRow(trx, projectId, next, options.now);
  }
  await setProjectLanguages(trx, options.tenantId, projectId, languageIds);
  if (input.projectMultiLanguageConfig) {
    await saveProjectLanguageConfig(
      trx,
      projectId,
      input.projectMultiLanguageConfig.map((row) => ({
        ...row,
        languageId: row.language ?? null,
        callDelayBy: row.callDelayBy ?? null,
        projectCode: row.projectCode ?? null,
      })),
      { directInterviewMethod: direct },
    );
  }
  if (options.projectId === null || input.callCenterIds)
    await setProjectCallCenters(trx, options.tenantId, projectId, callCenterIds);
  if (sourceId !== null) await copyProjectQuestions(trx, options.tenantId, sourceId, projectId, options.now);
  return projectId;
}

/** The project as GET answers it, without what the caller may not read (docs/product/project-form.md#permissions). Tenant scope. */
export async function projectDetail(trx: Db, projectId: number, access: FieldAccess): Promise<ProjectDetail> {
  const stored = await readStoredProject(trx, projectId);
  if (!stored) throw notFound('Project not found.');
  const languages = await listProjectLanguages(trx, projectId);
  const configs = await readProjectLanguageConfig(trx, projectId);
  const internal = { ...INTERNAL_VALUE_DEFAULTS, ...INTERNAL_FLAG_DEFAULTS, ...stored.internal_settings };
  return {
    projectId: stored.id,
    uuid: stored.uuid,
    name: stored.name,
    description: stored.description,
    note: stored.note,
    active: stored.active,
    statusId: stored.status_id,
    stageId: stored.stage_id,
    stageSequence: stored.stage_sequence,
    questionnaireType: stored.questionnaire_type,
    questionaire_type: stored.questionnaire_type,
    languageId: stored.language_id,
    locationId: stored.location_id,
    typeId: stored.type_id,
    departmentId: stored.department_id,
    externalRiskObjectiveId: stored.external_risk_objective_id,
    currencyId: stored.currency_id,
    parentId: stored.parent_id,
    estStartDate: stored.est_start_date,
    estEndDate: stored.est_end_date,
    estParticipant: stored.est_participant,
    tags: stored.tags,
    businessLine: stored.business_line as ProjectDetail['businessLine'],
    isBusinessLineOptional: stored.is_business_line_optional,
    projectLanguagesData: languages.map((l) => ({ value: l.id, label: l.label })),
    projectMultiLanguageConfig: configs.flatMap((c) =>
      c.projectCode === null
        ? []
        : [
            {
              languageConfigId: c.languageConfigId,
              language: c.languageId,
              projectCode: c.projectCode,
              interviewServerPrimary: c.interviewServerPrimary,
              interviewServerBackup: c.interviewServerBackup,
              dialInNumber: c.dialInNumber,
              matchingPhoneNumber: c.matchingPhoneNumber,
              inboundTelcoId: c.inboundTelcoId,
              phoneNumberStatusId: c.phoneNumberStatusId,
              ivrOption: c.ivrOption,
              ivrPreambleLanguageId: c.ivrPreambleLanguageId,
              callDelayBy: c.callDelayBy,
            },
          ],
    ),
    clientAPIUrl1: {
      security_type: DEFAULT_SECURITY_TYPE,
      additional_fields: [],
      ...stored.client_api,
    } as ProjectDetail['clientAPIUrl1'],
    configurationJSON: stored.configuration_json,
    callCenterIds: await readProjectCallCenterIds(trx, projectId),
    creationDate: stored.created_at.toISOString(),
    ...(access.passwordRead && { resourcesPassword: stored.resources_password }),
    ...(access.internalRead && (Object.fromEntries(INTERNAL_FIELDS.map((f) => [f, internal[f]])) as object)),
  };
}
