/**
 * The TypeScript side of the column types the database catalogue cannot tell kysely-codegen (used through its
 * custom imports and overrides by scripts/lib/database-types.ts): the shape of each jsonb column, and how the
 * two drivers (PGlite, node-postgres) hand back int8 and date values. Everything else is generated.
 */
import type { ColumnType } from 'kysely';
import type { NotificationPreference } from '../../../shared/profile-rules';

export type { NotificationPreference };

/**
 * int8 (bigint): PGlite returns a number, or a bigint beyond Number.MAX_SAFE_INTEGER; node-postgres returns a
 * string. Read it through Number() (ids stay far below 2^53); write a number.
 */
export type BigintColumn = ColumnType<number | string | bigint, number | string | bigint, number | string | bigint>;

/** date: both drivers read a Date at UTC midnight; written and compared as 'YYYY-MM-DD' text, never a Date. */
export type DateColumn = ColumnType<Date, string, string>;

/** jsonb: read as parsed JSON by both drivers, written as JSON text. */
export type JsonColumn<T> = ColumnType<T, string, string>;
export type NullableJsonColumn<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** signing_keys.public_jwk / private_jwk: an OKP (Ed25519) JSON Web Key as stored; `d` only in the private half. */
export interface StoredJwk {
  kty: string;
  crv?: string;
  x?: string;
  d?: string;
  kid?: string;
  alg?: string;
  use?: string;
}

/**
 * result_config_templates.template_type: template type name → display rows of its result codes (checked by
 * result-config-store.ts).
 */
export interface ResultConfigRow {
  result: string;
  result_es: string;
  result_type: string;
  result_type_es: string;
  icon_id: number;
}
export type ResultConfigTypes = Record<string, ResultConfigRow[]>;
