import type { TenantVersions } from '../cache/data-version-store';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientPrincipal } from '../auth/client-principal';
import type { Principal, OperatingTenant } from '../auth/principal';
import type { Db } from '../db/schema';
import type { AppDeps } from '../app-deps';

type ParameterPart<Op, Part extends 'path' | 'query' | 'header'> = Op extends { parameters: infer P }
  ? Part extends keyof P
    ? Exclude<P[Part], undefined>
    : never
  : never;

type JsonBody<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : Op extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : Op extends { requestBody: { content: { 'multipart/form-data': infer B } } }
      ? MultipartBody<B>
      : Op extends { requestBody: { content: { 'application/x-www-form-urlencoded': infer B } } }
        ? B
        : undefined;

/**
 * A multipart form as multipart-body.ts delivers it: fields coerced to their declared types. The generator
 * types `format: binary` properties as strings; at run time they are UploadedFile or absent, so read them
 * with uploadedFile() from multipart-body.ts.
 */
type MultipartBody<B> = B;

/** What a handler receives: validated, coerced request parts, typed by the generated contract. */
export interface HandlerInput<Op> {
  params: ParameterPart<Op, 'path'>;
  query: ParameterPart<Op, 'query'>;
  /** Documented headers only, under their contract names (`operatingTenant`, not `operatingtenant`). */
  headers: ParameterPart<Op, 'header'>;
  body: JsonBody<Op>;
}

/**
 * A file answer: an operation whose success response documents a non-JSON media type (e.g. text/plain). The
 * router sends the bytes with the file's Content-Type and `Content-Disposition: attachment; filename=...`.
 */
export class FileDownload {
  constructor(
    readonly fileName: string,
    readonly mimeType: string,
    /** The bytes, or a stream of them (a stored file is streamed from storage, never read whole). */
    readonly content: Uint8Array | Readable,
    /** `inline`: a file the console shows or plays instead of saving (the recording player). */
    readonly disposition: 'attachment' | 'inline' = 'attachment',
  ) {}

  /**
   * RFC 6266: an ASCII fallback name plus the exact name in UTF-8 (`filename*`). The fallback is also a name a disk
   * can hold: a slash or backslash (the audit log's `tenantName_MM/DD/YYYY_auditlog.xlsx`,
   * docs/product/reports.md#exports) becomes `-`, the other characters file systems refuse become `_`.
   */
  contentDisposition(): string {
    const ascii = this.fileName.replace(/[/\\]/g, '-').replace(/[^\x20-\x7e]|["*:<>?|]/g, '_');
    return `${this.disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(this.fileName)}`;
  }
}

/** A server-sent event stream (`text/event-stream`, ADR 0078): the router sends it unbuffered until it ends. */
export class EventStream {
  constructor(readonly stream: Readable) {}
}

export type SuccessBody<Op> = Op extends { responses: infer R }
  ? R extends { 200: { content: { 'application/json': infer B } } }
    ? B
    : R extends { 200: { content: { 'text/event-stream': unknown } } }
      ? EventStream
      : R extends { 201: { content: { 'application/json': infer B } } }
        ? B
        : R extends { 202: { content: { 'application/json': infer B } } }
          ? B
          : R extends { 200: { content: Record<string, unknown> } }
            ? FileDownload
            : never
  : never;

interface BaseContext {
  deps: AppDeps;
  ip: string;
  /** The raw Authorization header: only the OAuth token endpoint reads it (HTTP Basic client authentication). */
  authorization: string | null;
  log: FastifyBaseLogger;
  now(): Date;
  /**
   * Gives the answer this ETag (platform/http/conditional.ts) and says whether the client already holds it, in
   * which case the handler throws NotModified and the client gets 304.
   */
  revalidate(etag: string): boolean;
}

/** Context of an operation without a required operating tenant: public calls and the user's own session. */
export interface SessionContext extends BaseContext {
  /** The signed-in user; throws on a public operation, where there is none. */
  principal(): Principal;
  /** The optional operatingTenant header, when it names an active tenant the user belongs to. */
  operatingTenant: OperatingTenant | null;
  /** A privileged transaction for identity work (sign-in, sessions, the user's own records). */
  system<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
  /** The client application of an `x-client-scopes` operation (ADR 0022); throws on any other operation. */
  client(): ClientPrincipal;
  /** A transaction under row-level security for the client application's tenant (x-client-scopes operations). */
  inClientTenant<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
}

/** Context of a tenant-scoped operation: queries run only through the operating tenant's transaction. */
export interface TenantContext extends BaseContext {
  principal(): Principal;
  operatingTenant: OperatingTenant;
  /**
   * A transaction as voxscreen_app, row-level security restricted to the operating tenant; read-only in an operation
   * that only reads (a GET without x-unsafe-get, an x-read-by-post: ADR 0178).
   */
  inTenant<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
  /**
   * A writing transaction of the operating tenant even in an operation that only reads (ADR 0178): for finishing a
   * write the server could not see happen (a direct upload, confirmed on its first read), never for the read itself.
   */
  settleInTenant<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
  /**
   * The account the operation acts on (ADR 0062): the operating tenant, or the account its `x-account-scope`
   * parameter names, already checked (a customer naming another account was refused 403, an unknown account 404).
   * Throws when `everyAccount` is true: there is no one account then.
   */
  readonly account: OperatingTenant;
  /** True when the provider named no account on an operation declared `unnamed: every-account`. */
  readonly everyAccount: boolean;
  /**
   * A transaction for `account`, row-level security restricted to it: read-only when the provider reads another
   * account (a write there is 403), read-only across every account when `everyAccount`, read-only in an operation
   * that only reads (ADR 0178).
   */
  inAccount<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
  /**
   * The account's data and results versions as the access hook read them with the principal (ADR 0171), for an
   * operation that only reads (a GET without x-unsafe-get, an x-read-by-post) of the operating account; null otherwise.
   * Parts kept under the data version (tenant-figures-cache.ts) are keyed by them without reading them again.
   */
  readonly versionsRead: TenantVersions | null;
  /** A read-only transaction across tenants; only when the operating tenant is the system tenant. */
  acrossTenants<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
  /**
   * A privileged read-write transaction for the provider's account administration (creating an account,
   * editing another account); only when the operating tenant and the user's home tenant are the system tenant.
   */
  asProvider<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
}

export type ContextFor<Op> = Op extends { parameters: { header: { operatingTenant: number } } }
  ? TenantContext
  : SessionContext;

export type Handler<Op> = (input: HandlerInput<Op>, ctx: ContextFor<Op>) => Promise<SuccessBody<Op>>;

/** One handler per operationId of a service document. */
export type ServiceHandlers<Operations> = { [K in keyof Operations]: Handler<Operations[K]> };

/** Erased handler shape used by the router, which validated the input against the same document. */
export type AnyHandler = (input: HandlerInput<unknown>, ctx: SessionContext & TenantContext) => Promise<unknown>;
