import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { NotificationPreference } from '../../../shared/profile-rules';

/** jsonb columns: read as parsed JSON, written as JSON text (the same on PGlite and node-postgres). */
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** users.notification_preference: the shape the profile rules define (src/shared/profile-rules.ts). */
export type { NotificationPreference };

export type AccessType = 'read' | 'create' | 'update' | 'delete';
export type PermissionGroup = 'project' | 'administration' | 'internal';

export interface SchemaMigrationsTable {
  version: string;
  name: string;
  applied_at: Date;
}

export interface LanguagesTable {
  id: number;
  short_code: string;
  label: string;
}

export interface TenantsTable {
  id: Generated<number>;
  name: string;
  is_system: Generated<boolean>;
  is_active: Generated<boolean>;
  logo: Uint8Array | null;
  created_at: Date;
  sales_person: string | null;
  account_type_id: number | null;
  customer_segment_id: number | null;
  customer_id: string | null;
  backend_system_code: string | null;
  number_of_interviews: number | null;
  greenhouse_account: Generated<boolean>;
  greenhouse_app_key: string | null;
  greenhouse_api_key: string | null;
  account_api_key: string | null;
  partner_account: Generated<boolean>;
  currency_id: number | null;
  restriction_id: number | null;
  primary_user_id: number | null;
}

/** An OKP (Ed25519) JSON Web Key as stored; `d` only in the private half. */
export interface StoredJwk {
  kty: string;
  crv?: string;
  x?: string;
  d?: string;
  kid?: string;
  alg?: string;
  use?: string;
}

export interface SigningKeysTable {
  id: Generated<number>;
  kid: string;
  algorithm: string;
  public_jwk: Json<StoredJwk & { kid: string }>;
  private_jwk: Json<StoredJwk>;
  active: Generated<boolean>;
  created_at: Date;
}

export interface AuditEventsTable {
  id: Generated<number>;
  tenant_id: number | null;
  user_id: number | null;
  email: string | null;
  activity: string;
  ip: string | null;
  event_time: Date;
  detail: Json<Record<string, unknown>>;
}

export type OutboxStatus = 'queued' | 'sent' | 'failed';

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  tenant_id: number | null;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  template_type: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  provider_message_id: string | null;
  created_at: Date;
  next_attempt_at: Date;
  locked_until: Date | null;
  sent_at: Date | null;
  sms_sender: Generated<string | null>;
  sms_provider: Generated<string | null>;
}

export interface PermissionsTable {
  id: number;
  permission: string;
  resource: string;
  access_type: AccessType;
  permission_group: PermissionGroup;
  permission_number: number;
}

export interface RolesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string | null;
  created_at: Date;
}

export interface RolePermissionsTable {
  tenant_id: number;
  role_id: number;
  permission_id: number;
  active: boolean;
}

export interface UsersTable {
  id: Generated<number>;
  tenant_id: number;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  title: string | null;
  phone_number: string | null;
  image: Uint8Array | null;
  is_active: Generated<boolean>;
  last_login_at: Date | null;
  notification_preference: NullableJson<NotificationPreference>;
  created_at: Date;
  privilege_id: number | null;
}

export interface UserTenantsTable {
  tenant_id: number;
  user_id: number;
  /** The user's role in this tenant (ADR 0002). */
  role_id: number;
  created_at: Date;
}

export interface SessionsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  ip: string | null;
  created_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  ended_reason: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  user_id: number | null;
  failed_at: Date;
}

export interface IpBlocksTable {
  id: Generated<number>;
  ip: string;
  blocked_at: Date;
  blocked_until: Date;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  tenant_id: number;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export type TenantAttributeType =
  | 'ACCOUNT_TYPE'
  | 'CUSTOMER_SEGMENT'
  | 'SPECIAL_RESTRICTION'
  | 'SPECIAL_PRIVILEGE'
  | 'CURRENCY';

export interface TenantAttributesTable {
  id: Generated<number>;
  attribute_type: TenantAttributeType;
  attribute_id: number;
  language_id: number;
  description: string;
  sequence: number;
  active: Generated<boolean>;
}

export type QuestionnaireType =
  | 'PRECISION_QUESTIONNAIRE'
  | 'EXPRESS_QUESTIONNAIRE'
  | 'HYBRID_QUESTIONNAIRE'
  | 'PRECISION_RED_GREEN_QUESTIONNAIRE'
  | 'SURGE_QUESTIONNAIRE'
  | 'PROTECT_QUESTIONNAIRE';

export interface ProjectsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  active: Generated<boolean>;
  created_at: Date;
  /** attribute_id of the tenant's STATUS attribute; kept in step with `active` by setProjectStatus. */
  status_id: number | null;
  /** attribute_id of the tenant's STAGE attribute. */
  stage_id: number | null;
  description: string | null;
  questionnaire_type: Generated<QuestionnaireType>;
}

export type ProjectAttributeType = 'STATUS' | 'STAGE';

export interface ProjectAttributesTable {
  id: Generated<number>;
  tenant_id: number;
  attribute_type: ProjectAttributeType;
  attribute_id: number;
  language_id: number;
  description: string;
  sequence: number;
  active: Generated<boolean>;
}

export interface ProjectLanguagesTable {
  tenant_id: number;
  project_id: number;
  language_id: number;
  /** Unique across all tenants, case-insensitively (migration 007). */
  project_code: string | null;
  /** E.164, e.g. +18005550100. */
  dial_in_number: string | null;
  ivr_option: number | null;
  /** In units of 3 seconds, 1-15. */
  call_delay_by: Generated<number>;
}

export interface ProjectQuestionsTable {
  id: Generated<number>;
  tenant_id: number;
  project_id: number;
  question_text: string;
  is_pertinant: Generated<boolean>;
  sequence: number;
  expected_answer: Generated<'Yes' | 'No' | 'Narr'>;
  pre_interview: Generated<boolean>;
  created_at: Date;
}

export type ParticipantStatus =
  | 'NEW_PARTICIPANT'
  | 'INVITATION_SCHEDULED'
  | 'INVITATION_SENT'
  | 'INVITATION_RESENT'
  | 'NON_RESPONSIVE_PARTICIPANT'
  | 'ATTEMPTED_INCOMPLETE'
  | 'ATTEMPTED_PARTIAL'
  | 'UNDELIVERED'
  | 'INTERVIEWED'
  | 'RESULT_PUBLISHED'
  | 'ARCHIVED';

export interface ParticipantsTable {
  /** bigint: a number on PGlite, a string on node-postgres; convert with Number() when read. */
  id: Generated<number | string>;
  tenant_id: number;
  project_id: number;
  interview_ref_num: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  participant_language_id: number | null;
  status: Generated<ParticipantStatus>;
  is_test_participant: Generated<boolean>;
  is_active: Generated<boolean>;
  access_code: string | null;
  created_at: Date;
  updated_at: Date;
}

export type OrderStatus = 'Active' | 'Inactive' | 'Complete';

export interface OrdersTable {
  id: Generated<number>;
  tenant_id: number;
  order_number: string;
  /** date columns are written and compared as 'YYYY-MM-DD' text. */
  start_date: ColumnType<Date, string, string>;
  end_date: ColumnType<Date, string, string>;
  number_of_calls: number;
  order_status: OrderStatus;
  created_at: Date;
}

/** Overall evaluation and per-question result codes (002 §1). */
export type EvaluationCode = 'LR' | 'AR' | 'PR' | 'HR' | 'CM' | 'AD' | 'NC' | 'PD' | 'RJ' | 'DC' | 'NP' | 'R' | 'G';

export interface InterviewResultsTable {
  id: Generated<number | string>;
  tenant_id: number;
  project_id: number;
  participant_id: number | string;
  order_id: number | null;
  interview_reference_number: string | null;
  access_code: string | null;
  overall_evaluation: EvaluationCode;
  completed_at: Date;
  released: Generated<boolean>;
  deleted: Generated<boolean>;
  reviewed: Generated<boolean>;
  created_at: Date;
}

export interface InterviewQuestionResultsTable {
  tenant_id: number;
  interview_result_id: number | string;
  project_question_id: number;
  sequence: number;
  result: EvaluationCode;
  transcription: string | null;
}

export interface ResultRollupsTable {
  tenant_id: number;
  project_id: number;
  order_id: number | null;
  month: ColumnType<Date, string, string>;
  overall_evaluation: EvaluationCode;
  result_count: ColumnType<number | string, number, number>;
}

export interface QuestionResultRollupsTable {
  tenant_id: number;
  project_id: number;
  project_question_id: number;
  result: EvaluationCode;
  result_count: ColumnType<number | string, number, number>;
}

export type TemplateType = 'TEST_INVITATION_EMAIL' | 'TEST_INVITATION_SMS';

export interface CommunicationTemplatesTable {
  id: Generated<number>;
  tenant_id: number;
  project_id: number;
  template_type: TemplateType;
  language_id: number;
  template_name: string | null;
  description: string | null;
  email_subject: string | null;
  template_content: Generated<string>;
  sms_sender: 'ALPHANUMERIC_NUMBER' | 'PHONE_NUMBER' | null;
  sms_provider: string | null;
  updated_at: Date;
}

export interface TemplatePlaceholdersTable {
  template_type: TemplateType;
  placeholder: string;
  is_default_placeholder: boolean;
}

export interface CallCentersTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  call_center_phone: string | null;
  contact_phone: string | null;
  contact_person_first_name: string | null;
  contact_person_last_name: string | null;
  contact_email: string | null;
  notification_email: string | null;
  is_active: Generated<boolean>;
  queue1: string | null;
  queue2: string | null;
  queue3: string | null;
  note: string | null;
  street1: string | null;
  street2: string | null;
  city: string | null;
  zip: string | null;
  country: string | null;
  country_id: number | null;
  state_id: number | null;
  created_at: Date;
}

export interface CallCenterLanguagesTable {
  tenant_id: number;
  call_center_id: number;
  language_id: number;
}

export type BusinessLineLevel = 'INDUSTRY' | 'BUSINESS_UNIT' | 'BUSINESS_FUNCTION' | 'USE_CASE';

export interface BusinessLinesTable {
  id: number;
  parent_id: number | null;
  level: BusinessLineLevel;
  value: string;
  label: string;
  sequence: number;
}

export interface BusinessLineTagsTable {
  value: string;
  label: string;
  sequence: number;
}

export interface ResultConfigRow {
  result: string;
  result_es: string;
  result_type: string;
  result_type_es: string;
  icon_id: number;
}
export type ResultConfigTypes = Record<string, ResultConfigRow[]>;

export interface ResultConfigTemplatesTable {
  id: Generated<number>;
  tenant_id: number;
  template_name: string;
  /** Template type name → display rows of its result codes; checked by result-config-store.ts. */
  template_type: Json<ResultConfigTypes>;
  created_at: Date;
  updated_at: Date;
}

export type ImportErrorType = 'participant' | 'result';

export interface ImportErrorFilesTable {
  id: Generated<number>;
  tenant_id: number;
  error_type: ImportErrorType;
  file_name: string;
  project_id: number | null;
  mime_type: string;
  content: Uint8Array;
  created_at: Date;
}

export interface DB {
  schema_migrations: SchemaMigrationsTable;
  languages: LanguagesTable;
  tenants: TenantsTable;
  signing_keys: SigningKeysTable;
  audit_events: AuditEventsTable;
  outbox_messages: OutboxMessagesTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  user_tenants: UserTenantsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  ip_blocks: IpBlocksTable;
  password_reset_tokens: PasswordResetTokensTable;
  tenant_attributes: TenantAttributesTable;
  projects: ProjectsTable;
  call_centers: CallCentersTable;
  call_center_languages: CallCenterLanguagesTable;
  project_attributes: ProjectAttributesTable;
  project_languages: ProjectLanguagesTable;
  project_questions: ProjectQuestionsTable;
  participants: ParticipantsTable;
  orders: OrdersTable;
  interview_results: InterviewResultsTable;
  interview_question_results: InterviewQuestionResultsTable;
  result_rollups: ResultRollupsTable;
  question_result_rollups: QuestionResultRollupsTable;
  communication_templates: CommunicationTemplatesTable;
  template_placeholders: TemplatePlaceholdersTable;
  business_lines: BusinessLinesTable;
  business_line_tags: BusinessLineTagsTable;
  result_config_templates: ResultConfigTemplatesTable;
  import_error_files: ImportErrorFilesTable;
}

/** The database, or a transaction on it: every repository and domain function takes one of these. */
export type Db = Kysely<DB>;

export type Tenant = Selectable<TenantsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
