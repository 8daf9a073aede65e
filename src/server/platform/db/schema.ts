/**
 * The database's types: generated from the migrations into generated/database.ts (`npm run codegen`, see
 * scripts/lib/database-types.ts). This file only names what the code uses; it declares no column. Closed value
 * sets come from the migrations' `CHECK (column IN (...))` lists; jsonb shapes and driver value types are in
 * column-types.ts.
 */
import type { Kysely, Selectable } from 'kysely';
import type {
  BusinessLines,
  DB,
  ImportErrorFiles,
  InterviewResults,
  Orders,
  Participants,
  Permissions,
  ProjectAttributes,
  Projects,
  TenantAttributes,
  Tenants,
} from './generated/database';

export type * from './generated/database';
export type { NotificationPreference, ResultConfigRow, ResultConfigTypes, StoredJwk } from './column-types';

/** The database, or a transaction on it: every repository and domain function takes one of these. */
export type Db = Kysely<DB>;

export type Tenant = Selectable<Tenants>;

export type AccessType = Selectable<Permissions>['access_type'];
export type PermissionGroup = Selectable<Permissions>['permission_group'];
export type TenantAttributeType = Selectable<TenantAttributes>['attribute_type'];
export type QuestionnaireType = Selectable<Projects>['questionnaire_type'];
export type ProjectAttributeType = Selectable<ProjectAttributes>['attribute_type'];
export type ParticipantStatus = Selectable<Participants>['status'];
export type OrderStatus = Selectable<Orders>['order_status'];
/** Overall evaluation and per-question result codes. */
export type EvaluationCode = Selectable<InterviewResults>['overall_evaluation'];
export type ImportErrorType = Selectable<ImportErrorFiles>['error_type'];
export type BusinessLineLevel = Selectable<BusinessLines>['level'];
