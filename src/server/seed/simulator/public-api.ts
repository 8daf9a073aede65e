/**
 * The simulator's client of the public API: paths and bodies come from the generated contract types
 * (src/contracts), so a contract change that breaks the simulator fails the typecheck.
 */
import type { operations as Authz } from '../../../contracts/authz-service';
import type { operations as Execution } from '../../../contracts/execution-service';
import type { operations as Projects } from '../../../contracts/project-service';
import type { operations as Users } from '../../../contracts/user-service';
import { keptAliveRequest } from './kept-alive-request';

type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Answer<Op> = Op extends { responses: { 200: { content: { 'application/json': infer R } } } }
  ? R
  : Op extends { responses: { 201: { content: { 'application/json': infer R } } } }
    ? R
    : never;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what}: HTTP ${status} ${body.slice(0, 300)}`);
  }
}

interface Session {
  accessToken: string;
  idToken: string;
  tenantId: number | null;
}

export class PublicApi {
  #session: Session | null = null;
  #clientToken: string | null = null;

  constructor(private readonly base: string) {}

  async #send<R>(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<R> {
    const { status, text } = await keptAliveRequest(`${this.base}/api${path}`, {
      method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (status < 200 || status > 299) throw new ApiError(status, text, `${method} ${path}`);
    return (text ? JSON.parse(text) : null) as R;
  }

  #user(): Record<string, string> {
    if (!this.#session) throw new Error('Not signed in.');
    return {
      authorization: `Bearer ${this.#session.accessToken}`,
      'id-token': this.#session.idToken,
      ...(this.#session.tenantId !== null && { operatingTenant: String(this.#session.tenantId) }),
    };
  }

  #client(): Record<string, string> {
    if (!this.#clientToken) throw new Error('No client token.');
    return { authorization: `Bearer ${this.#clientToken}` };
  }

  async signIn(email: string, password: string): Promise<void> {
    const body: JsonBody<Authz['userLogin']> = { email, password };
    const tokens = await this.#send<Answer<Authz['userLogin']>>('POST', '/authz-service/userLogin', body, {});
    this.#session = { accessToken: tokens.access_token, idToken: tokens.id_token, tenantId: null };
  }

  tenants() {
    return this.#send<Answer<Users['listUserTenants']>>(
      'GET',
      '/user-service/v1/tenant/tenants',
      undefined,
      this.#user(),
    );
  }

  operateIn(tenantId: number): void {
    if (!this.#session) throw new Error('Not signed in.');
    this.#session.tenantId = tenantId;
  }

  project(projectId: number) {
    return this.#send<Answer<Projects['getProject']>>(
      'GET',
      `/project-service/v1/project/${projectId}`,
      undefined,
      this.#user(),
    );
  }

  /** The project's interview questions (pre-interview ones left out, as the authorization answers them). */
  questions(projectId: number) {
    return this.#send<Answer<Projects['getProjectQuestions']>>(
      'GET',
      `/project-service/v1/project/${projectId}/questions`,
      undefined,
      this.#user(),
    );
  }

  participants(projectId: number, body: JsonBody<Projects['listProjectParticipants']>) {
    return this.#send<Answer<Projects['listProjectParticipants']>>(
      'POST',
      `/project-service/v1/project/${projectId}/participants`,
      body,
      this.#user(),
    );
  }

  /**
   * Registers a client application of the operating tenant and takes a client-credentials token with it; with `reuse`
   * takes over the tenant's application of that name (an interrupted run resumed), whose secret is regenerated since
   * it is shown only once.
   */
  async becomeClient(clientName: string, { reuse = false } = {}): Promise<void> {
    const existing = reuse
      ? (
          await this.#send<Answer<Users['listClientApplications']>>(
            'GET',
            '/user-service/v1/thirdparty/consumers',
            undefined,
            this.#user(),
          )
        ).find((app) => app.clientName === clientName)
      : undefined;
    const body: JsonBody<Users['createClientApplication']> = { clientName };
    const client = existing
      ? await this.#send<Answer<Users['regenerateClientSecret']>>(
          'POST',
          `/user-service/v1/thirdparty/consumer/${existing.id}/secret`,
          undefined,
          this.#user(),
        )
      : await this.#send<Answer<Users['createClientApplication']>>(
          'POST',
          '/user-service/v1/thirdparty/consumer',
          body,
          this.#user(),
        );
    const grant: Authz['issueClientToken']['requestBody']['content']['application/x-www-form-urlencoded'] = {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
    };
    // RFC 6749: the token endpoint takes a form.
    const { status, text } = await keptAliveRequest(`${this.base}/api/authz-service/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(grant as Record<string, string>).toString(),
    });
    if (status < 200 || status > 299) throw new ApiError(status, text, 'POST /authz-service/v1/oauth/token');
    this.#clientToken = (JSON.parse(text) as Answer<Authz['issueClientToken']>).access_token;
  }

  authorize(body: JsonBody<Execution['authorizeInterviewCall']>) {
    return this.#send<Answer<Execution['authorizeInterviewCall']>>(
      'POST',
      '/execution-service/v1/intake/authorize',
      body,
      this.#client(),
    );
  }

  callRecord(body: JsonBody<Execution['postCallRecord']>) {
    return this.#send<Answer<Execution['postCallRecord']>>(
      'POST',
      '/execution-service/v1/intake/call-records',
      body,
      this.#client(),
    );
  }

  result(body: JsonBody<Execution['postInterviewResult']>) {
    return this.#send<Answer<Execution['postInterviewResult']>>(
      'POST',
      '/execution-service/v1/intake/results',
      body,
      this.#client(),
    );
  }

  incompleteCall(body: JsonBody<Execution['postIncompleteCall']>) {
    return this.#send<Answer<Execution['postIncompleteCall']>>(
      'POST',
      '/execution-service/v1/intake/incomplete-calls',
      body,
      this.#client(),
    );
  }

  /** Attaches a recording to a result (multipart, the contract's putInterviewRecording). */
  async recording(resultId: number, fileName: string, audio: Buffer) {
    const form = new FormData();
    form.append('recording', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), fileName);
    const path = `/execution-service/v1/intake/results/${resultId}/recording`;
    const response = await fetch(`${this.base}/api${path}`, { method: 'PUT', headers: this.#client(), body: form });
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, text, `PUT ${path}`);
    return JSON.parse(text) as Answer<Execution['putInterviewRecording']>;
  }

  guideLogs(body: JsonBody<Execution['postGuideLogs']>) {
    return this.#send<Answer<Execution['postGuideLogs']>>(
      'POST',
      '/execution-service/v1/intake/guide-logs',
      body,
      this.#client(),
    );
  }
}
