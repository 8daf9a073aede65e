/**
 * `npm run conformance -- --base-url …`: exercises every selected operation of the documents against a running
 * service and checks every answer. Per operation, in this order: the security the operation declares (no
 * credentials, part of them, the other kind of token, another tenant's user, a read-only role on a write), valid
 * requests, then invalid ones. Reads go first (their answers name records later requests use), writes only with
 * `allowWrites`, deletes last. A global request budget and a per-operation budget bound the run.
 */
import { isOpen, isWrite, type KitOperation } from './contract-model';
import {
  closestAlternative,
  expandCredentials,
  findSignIn,
  findTokenEndpoint,
  satisfiedAlternative,
  schemesOf,
  secretsFor,
  valuesFromTokenAnswer,
  type ClientSpec,
  type Identity,
  type RoleName,
  type RoleSpec,
} from './credentials';
import { ExchangeValidator, preview, type Finding } from './exchange-validator';
import { buildRequest, type RequestPlan, type SecretValue } from './http-request';
import { emptyResult, recordExchange, type OperationResult, type RunReport } from './report-model';
import { RequestPlanner } from './request-planner';
import { runSecurityProbes, type Answer, type Exchange } from './security-probes';
import { ValuePool } from './value-pool';

export interface CheckOptions {
  baseUrl: string;
  /** The operations to exercise. */
  operations: KitOperation[];
  /** Every operation of the documents (default: `operations`): where the sign-in and token operations are found. */
  contract?: KitOperation[];
  caller: RoleSpec | null;
  readOnly?: RoleSpec | null;
  otherTenant?: RoleSpec | null;
  client?: ClientSpec | null;
  /** The tenant every tenant-scoped request acts in (the value of `tenantHeader`). */
  tenant?: string | null;
  tenantHeader?: string;
  allowWrites?: boolean;
  /**
   * With `allowWrites`, whether writes also get their valid and invalid requests (default) or only the security
   * probes, which a conforming service refuses, so that nothing is written unless the service is at fault.
   */
  writeRequests?: boolean;
  /** Requests in all (sign-ins included). */
  maxRequests?: number;
  /** Requests per operation. */
  maxPerOperation?: number;
  /** Time per operation after which no further request of it is started. */
  operationBudgetMs?: number;
  validRuns?: number;
  invalidPerOperation?: number;
  seed?: number;
  timeoutMs?: number;
  /** Permissions a read-only role holds (the rest are write permissions): default `*.read` and `*.download`. */
  readPermission?: RegExp;
  closeSchemas?: boolean;
  log?: (line: string) => void;
  /** Log every exchange (label, status, curl line), not only each operation's tally. */
  verbose?: boolean;
}

export const CHECK_DEFAULTS = {
  tenantHeader: 'operatingTenant',
  maxRequests: 5000,
  maxPerOperation: 20,
  operationBudgetMs: 30_000,
  validRuns: 3,
  invalidPerOperation: 6,
  timeoutMs: 30_000,
  readPermission: /\.(read|download)$/,
};

const METHOD_ORDER = { get: 0, post: 1, put: 2, patch: 3, delete: 4 } as const;

/** Reads first (those without path parameters first: they list what others name), then writes, deletes last. */
export function runOrder(operations: KitOperation[]): KitOperation[] {
  const rank = (op: KitOperation) =>
    (isWrite(op) ? 10 + METHOD_ORDER[op.method] : 0) + (op.parameters.some((p) => p.in === 'path') ? 1 : 0);
  return [...operations].sort((a, b) => rank(a) - rank(b));
}

class BudgetExhausted extends Error {}

export class ConformanceCheck {
  readonly #options: CheckOptions & typeof CHECK_DEFAULTS & { seed: number };
  readonly #validator: ExchangeValidator;
  readonly #pool = new ValuePool();
  readonly #planner: RequestPlanner;
  readonly #schemes;
  readonly #identities = new Map<RoleName, Identity | null>();
  #requests = 0;

  constructor(options: CheckOptions) {
    this.#options = {
      ...CHECK_DEFAULTS,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
      seed: options.seed ?? 1,
    } as CheckOptions & typeof CHECK_DEFAULTS & { seed: number };
    this.#validator = new ExchangeValidator({ closeSchemas: options.closeSchemas ?? true });
    this.#planner = new RequestPlanner(this.#validator, this.#pool, {
      seed: this.#options.seed,
      tenantHeader: this.#options.tenantHeader,
      tenant: this.#options.tenant ?? null,
    });
    this.#schemes = schemesOf(options.contract ?? options.operations);
  }

  #log(line: string) {
    this.#options.log?.(line);
  }

  async #send(operation: KitOperation, plan: RequestPlan, secrets: SecretValue[]): Promise<Answer & { curl: string }> {
    if (this.#requests >= this.#options.maxRequests) throw new BudgetExhausted();
    this.#requests += 1;
    const request = buildRequest(this.#options.baseUrl, operation, plan, secrets);
    const started = performance.now();
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined && { body: request.body }),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      // An event stream never ends: its answer is its status and headers, the stream closed once they arrive.
      const streaming = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
      if (streaming) await response.body?.cancel();
      const body = streaming ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      return { status: response.status, headers, body, durationMs: performance.now() - started, curl: request.curl };
    } catch (error) {
      // No answer at all (timeout, connection reset) counts as a server error.
      const message = error instanceof Error ? error.message : String(error);
      return {
        status: 599,
        headers: {},
        body: Buffer.from(`no answer: ${message}`),
        durationMs: performance.now() - started,
        curl: request.curl,
      };
    }
  }

  /** Signs a role in through the documents' sign-in or token operation, or takes the credentials given. */
  async #signIn(role: RoleName, spec: RoleSpec | ClientSpec | null | undefined): Promise<Identity | null> {
    if (!spec) return null;
    if ('credentials' in spec) return { role, values: expandCredentials(spec.credentials, this.#schemes) };
    const client = 'clientId' in spec;
    const contract = this.#options.contract ?? this.#options.operations;
    const operation = client ? findTokenEndpoint(contract) : findSignIn(contract);
    if (!operation)
      throw new Error(
        `The documents have no ${client ? 'client token' : 'sign-in'} operation to sign in the ${role} with.`,
      );
    const mediaType = Object.keys(operation.requestBody!.content)[0]!;
    const value = client
      ? { grant_type: 'client_credentials', client_id: spec.clientId, client_secret: spec.clientSecret }
      : { email: spec.email, password: spec.password };
    const answer = await this.#send(
      operation,
      { label: `sign in the ${role}`, kind: 'valid', path: {}, query: {}, headers: {}, body: { mediaType, value } },
      [],
    );
    if (answer.status < 200 || answer.status >= 300) {
      this.#log(`  ${role}: sign-in answered ${answer.status} ${preview(answer.body, 200)}`);
      return null;
    }
    return {
      role,
      values: valuesFromTokenAnswer(JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>, this.#schemes),
    };
  }

  #spec(role: RoleName) {
    const o = this.#options;
    return role === 'caller'
      ? o.caller
      : role === 'read-only'
        ? o.readOnly
        : role === 'other-tenant'
          ? o.otherTenant
          : o.client;
  }

  async #identity(role: RoleName, renew = false): Promise<Identity | null> {
    if (renew || !this.#identities.has(role)) this.#identities.set(role, await this.#signIn(role, this.#spec(role)));
    return this.#identities.get(role) ?? null;
  }

  /** Whether a new sign-in can replace a session a request ended (a password, not a fixed token). */
  #renewable(role: RoleName) {
    const spec = this.#spec(role);
    return !!spec && !('credentials' in spec);
  }

  /**
   * Three passes: every read in full (its answers name records later requests use), then the security probes of
   * every write while the data is still as found (a run's own writes could otherwise change a role or end a
   * session first), then the writes' valid and invalid requests.
   */
  async run(): Promise<RunReport> {
    const startedAt = new Date().toISOString();
    const ordered = runOrder(this.#options.operations);
    const results = new Map(ordered.map((op) => [op, emptyResult(op)] as const));
    const reads = ordered.filter((op) => !isWrite(op));
    const writes = ordered.filter(isWrite);
    if (!this.#options.allowWrites)
      for (const op of writes)
        results
          .get(op)!
          .notes.push('not run: a write (run with --allow-writes against a service whose data may change)');
    const passes: Array<{ operations: KitOperation[]; probes: boolean; requests: boolean }> = [
      { operations: reads, probes: true, requests: true },
      ...(this.#options.allowWrites
        ? [
            { operations: writes, probes: true, requests: false },
            ...(this.#options.writeRequests === false ? [] : [{ operations: writes, probes: false, requests: true }]),
          ]
        : []),
    ];
    let budgetExhausted = false;
    let done = 0;
    for (const pass of passes) {
      for (const operation of pass.operations) {
        const result = results.get(operation)!;
        if (budgetExhausted) continue;
        try {
          await this.#exercise(operation, result, pass);
        } catch (error) {
          if (!(error instanceof BudgetExhausted)) throw error;
          budgetExhausted = true;
        }
        if (!pass.requests) continue;
        done += 1;
        const found = result.violations.map((v) => v.check).join(', ');
        this.#log(
          `[${done}/${ordered.length}] ${operation.operationId}: ${result.requests} requests${found ? `, VIOLATIONS: ${found}` : ''}`,
        );
      }
    }
    if (budgetExhausted)
      for (const result of results.values())
        if (result.requests === 0) result.notes.push('not run: the request budget was spent');
    return {
      mode: 'check',
      target: this.#options.baseUrl,
      startedAt,
      finishedAt: new Date().toISOString(),
      seed: this.#options.seed,
      requests: this.#requests,
      budgetExhausted,
      operations: [...results.values()],
      unmatched: [],
    };
  }

  /** The identity an operation is called with: a client application's, a user session's, or none. */
  #roleFor(operation: KitOperation): RoleName | null {
    if (operation.extensions.clientScopes.length) return 'client';
    return isOpen(operation) ? null : 'caller';
  }

  async #exercise(
    operation: KitOperation,
    result: OperationResult,
    pass: { probes: boolean; requests: boolean },
  ): Promise<void> {
    const spentMs = () => result.durationsMs.reduce((sum, ms) => sum + ms, 0);
    const withinBudget = () =>
      result.requests < this.#options.maxPerOperation && spentMs() < this.#options.operationBudgetMs;
    const role = this.#roleFor(operation);
    const identity = role ? await this.#identity(role) : null;
    const plans = this.#planner.validPlans(operation, this.#options.validRuns);
    const base = plans[0]!;

    const exchange: Exchange = async (plan, who, schemes, expect) => {
      if (!withinBudget()) return null;
      const secrets = who
        ? secretsFor(
            who,
            schemes ?? satisfiedAlternative(operation, who) ?? closestAlternative(operation, who),
            this.#schemes,
          )
        : [];
      let answer = await this.#send(operation, plan, secrets);
      // A request of the run may have ended the session (a sign-out, a password change): sign in again, once.
      if (answer.status === 401 && who && this.#renewable(who.role) && !expect?.statuses.includes(401)) {
        const renewed = await this.#identity(who.role, true);
        if (!renewed) {
          result.notes.push(`${who.role}: could not sign in again after a 401; ${plan.label} not checked`);
          return null;
        }
        who = renewed;
        const again = secretsFor(
          renewed,
          schemes ?? satisfiedAlternative(operation, renewed) ?? closestAlternative(operation, renewed),
          this.#schemes,
        );
        answer = await this.#send(operation, plan, again);
      }
      if (this.#options.verbose)
        this.#log(`    ${plan.label} → ${answer.status} ${preview(answer.body, 160)}\n      ${answer.curl}`);
      const findings: Finding[] = this.#validator.checkResponse(operation, answer);
      if (expect && !expect.statuses.includes(answer.status) && answer.status < 500) {
        findings.push({
          check: expect.check,
          message: `${plan.label}: expected ${expect.statuses.join(' or ')}, got ${answer.status}`,
        });
      }
      if (plan.kind === 'invalid' && answer.status >= 200 && answer.status < 300) {
        findings.push({ check: 'negative_data_rejection', message: `${plan.label}: accepted with ${answer.status}` });
      }
      recordExchange(
        result,
        {
          label: plan.label,
          curl: answer.curl,
          status: answer.status,
          durationMs: answer.durationMs,
          responsePreview: preview(answer.body),
        },
        findings,
      );
      if (
        answer.status >= 200 &&
        answer.status < 300 &&
        who?.role === 'caller' &&
        /json/.test(answer.headers['content-type'] ?? '')
      ) {
        try {
          this.#pool.harvest(operation, JSON.parse(answer.body.toString('utf8')));
        } catch {
          // the schema check reported it
        }
      }
      return answer;
    };

    if (pass.probes && !isOpen(operation)) {
      await runSecurityProbes(operation, base, {
        identity,
        exchange,
        identityOf: (role) => this.#identity(role),
        tenantHeader: this.#options.tenantHeader,
        tenant: this.#options.tenant ?? null,
        readPermission: this.#options.readPermission,
      });
    }
    if (!pass.requests) return;

    if (role && !identity) {
      result.notes.push(`valid requests not sent: no ${role} credentials (see --help)`);
    } else {
      for (const plan of plans) {
        if (!identity || satisfiedAlternative(operation, identity)) {
          await exchange(plan, identity, null);
        } else {
          // The identity cannot present every scheme the operation declares: a 2xx means the service accepts
          // credentials the contract does not allow.
          await exchange(plan, identity, null, { check: 'partial_credentials', statuses: [401] });
        }
      }
      for (const plan of this.#planner.invalidPlans(operation, base, this.#options.invalidPerOperation)) {
        await exchange(plan, identity, null);
      }
    }
    if (!withinBudget()) result.notes.push('per-operation budget reached');
  }
}
