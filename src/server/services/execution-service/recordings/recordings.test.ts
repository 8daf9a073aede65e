/** Interview recordings: the intake upload and the results screen's download (ADR 0056). */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { RECORDING_MAX_BYTES } from './recording-kinds';
import { intakeClientToken, invitedParticipant } from '../../../testing/intake-callers';

let t: TestApp;
let acme: number;
let globex: number;
let acmeClient: string;
let globexClient: string;
let projectId: number;
let acmeAdmin: SignedIn;
let analyst: SignedIn;
let provider: SignedIn;
let globexAdmin: SignedIn;
let seq = 0;

/** A mono 16-bit PCM WAV of `samples` samples at 8 kHz (a tone, so two lengths differ in their bytes too). */
function wav(samples: number, pitch = 440): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * pitch * i) / 8000)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const clientToken = (admin: SignedIn, tenantId: number) =>
  intakeClientToken(t, admin, tenantId, `Recorder ${tenantId}`);

/** A participant of the project with an intake result; answers the result id and the access code. */
async function postedResult(released = true): Promise<{ id: number; code: string; irn: string }> {
  seq += 1;
  const code = String(700000000 + seq);
  const irn = `REC${String(seq).padStart(5, '0')}`;
  await invitedParticipant(t, acme, projectId, { irn, code });
  const answer = await t.api.ok('postInterviewResult', {
    headers: { authorization: `Bearer ${acmeClient}` },
    body: {
      requestId: `rec-result-${seq}`,
      accessCode: code,
      overallEvaluation: 'LR',
      completedAt: '2026-11-20T10:00:00Z',
      questionResults: [{ sequence: 1, result: 'LR' }],
    },
  });
  // Intake results are held unless the project auto-releases them.
  await withSystem(t.db, (trx) =>
    sql`UPDATE interview_results SET released = ${released} WHERE id = ${answer.id}`.execute(trx),
  );
  return { id: answer.id, code, irn };
}

const attach = (id: number, content: Buffer, token = acmeClient, filename = 'call.wav', contentType = 'audio/wav') =>
  t.api.call('putInterviewRecording', {
    headers: { authorization: `Bearer ${token}` },
    params: { id },
    form: { recording: { filename, contentType, content } },
  });

const download = (value: string | number, who: SignedIn = acmeAdmin, tenant = acme) =>
  t.app.inject({
    method: 'GET',
    // A `?query` suffix is kept as a query (play=true).
    url: `/api/execution-service/v1/interview/interviewrecordings/${String(value)
      .split('?')
      .map((part, i) => (i === 0 ? encodeURIComponent(part) : part))
      .join('?')}`,
    headers: { authorization: `Bearer ${who.accessToken}`, 'id-token': who.idToken, operatingTenant: String(tenant) },
  });

const recordingRows = async () =>
  Number(
    (
      await withSystem(t.db, (trx) =>
        trx
          .selectFrom('interview_recordings')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      )
    ).n,
  );

/** Every stored recording file of a tenant (local storage under DATA_DIR/files). */
function storedFiles(tenantId = acme): string[] {
  const root = join(t.dataDir, 'files', 'tenants', String(tenantId), 'recordings');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

const setRecordingsFlag = (on: boolean) =>
  withSystem(t.db, (trx) =>
    sql`UPDATE projects SET internal_settings = internal_settings || jsonb_build_object('cm_recordings_configuration', ${on}::boolean)
        WHERE id = ${projectId}`.execute(trx),
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, analyst, provider, globexAdmin] = await t.signInAs(
    'admin@acme.test',
    'analyst@acme.test',
    'admin@voxscreen.test',
    'dual@globex.test',
  );
  acmeClient = await clientToken(acmeAdmin, acme);
  globexClient = await clientToken(globexAdmin, globex);
  projectId = await withTenant(t.db, acme, async (trx) => {
    const created = await createProjectWithQuestions(trx, {
      tenantId: acme,
      name: 'Recorded Project',
      stageId: STAGE.EXECUTION,
      questions: [{ questionText: 'Q1' }],
      now: t.clock.now(),
    });
    return created.projectId;
  });
  await setRecordingsFlag(true);
});
afterAll(() => t.close());

describe('putInterviewRecording', () => {
  test('attaches a WAV to the result; the same bytes again are a replay; other bytes are 409', async () => {
    const result = await postedResult();
    const audio = wav(2400);
    const first = await attach(result.id, audio);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      interviewResultId: result.id,
      mediaType: 'audio/wav',
      sizeBytes: audio.length,
      replayed: false,
    });
    expect(storedFiles().filter((f) => f.includes(`/${result.id}/`))).toHaveLength(1);
    const rows = await recordingRows();

    const replay = await attach(result.id, audio, acmeClient, 'renamed.wav', 'application/octet-stream');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ ...(first.body as object), replayed: true });

    const other = await attach(result.id, wav(2400, 880));
    expect(other.status).toBe(409);
    expect((other.body as { code: string }).code).toBe('RECORDING_EXISTS');
    expect(await recordingRows()).toBe(rows);
    expect(storedFiles().filter((f) => f.includes(`/${result.id}/`))).toHaveLength(1);
  });

  test('concurrent identical uploads keep one row and one file', async () => {
    const result = await postedResult();
    const audio = wav(1600);
    const answers = await Promise.all([attach(result.id, audio), attach(result.id, audio), attach(result.id, audio)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => !(a.body as { replayed: boolean }).replayed)).toHaveLength(1);
    expect(storedFiles().filter((f) => f.includes(`/${result.id}/`))).toHaveLength(1);
  });

  test('refusals store nothing: not audio 415, empty 400, too big 413, unknown or other tenant 404', async () => {
    const result = await postedResult();
    const rows = await recordingRows();
    const files = storedFiles().length;

    // A PDF named .wav and declared audio/wav is refused by its bytes.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const notAudio = await attach(result.id, pdf);
    expect(notAudio.status).toBe(415);
    expect((notAudio.body as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const text = await attach(result.id, Buffer.from('just some words, not a recording at all'));
    expect(text.status).toBe(415);

    expect((await attach(result.id, Buffer.alloc(0))).status).toBe(400);

    const big = Buffer.concat([wav(8), Buffer.alloc(RECORDING_MAX_BYTES)]);
    const tooBig = await attach(result.id, big);
    expect(tooBig.status).toBe(413);

    expect((await attach(2147483000, wav(800))).status).toBe(404);
    // Globex's client cannot reach Acme's result, and nothing of Globex's is stored.
    expect((await attach(result.id, wav(800), globexClient)).status).toBe(404);
    // A deleted result takes no recording.
    const deleted = await postedResult();
    await withSystem(t.db, (trx) =>
      sql`UPDATE interview_results SET deleted = true WHERE id = ${deleted.id}`.execute(trx),
    );
    expect((await attach(deleted.id, wav(800))).status).toBe(404);

    expect(await recordingRows()).toBe(rows);
    expect(storedFiles().length).toBe(files);
    expect(storedFiles(globex)).toEqual([]);
  });

  test('a user token is not a client token: 401', async () => {
    const result = await postedResult();
    const answer = await t.api.call('putInterviewRecording', {
      token: acmeAdmin,
      params: { id: result.id },
      form: { recording: { filename: 'a.wav', contentType: 'audio/wav', content: wav(100) } },
    });
    expect(answer.status).toBe(401);
  });
});

describe('downloadInterviewRecording and the list', () => {
  test('the list says which results have a recording; the download gives the same bytes', async () => {
    const recorded = await postedResult();
    const silent = await postedResult();
    const audio = wav(4000);
    expect((await attach(recorded.id, audio)).status).toBe(200);

    const page = await t.api.ok('listProjectResults', {
      token: acmeAdmin,
      operatingTenant: acme,
      body: { projectId, page: 0, pageSize: 100 },
    });
    expect(page.recordingsEnabled).toBe(true);
    const byId = new Map(page.results.map((r) => [r.interviewResultId, r.interviewRecordingExist]));
    expect(byId.get(recorded.id)).toBe(true);
    expect(byId.get(silent.id)).toBe(false);

    const file = await download(recorded.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(String(file.headers['content-disposition'])).toContain(`recording_${recorded.irn}.wav`);
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(file.rawPayload.equals(audio)).toBe(true);

    // play=true: the same file inline, for the console's player; a value that is not a boolean is 400.
    const played = await download(`${recorded.id}?play=true`);
    expect(played.statusCode).toBe(200);
    expect(String(played.headers['content-disposition'])).toMatch(/^inline; filename="recording_/);
    expect(played.rawPayload.equals(audio)).toBe(true);
    expect((await download(`${recorded.id}?play=loud`)).statusCode).toBe(400);

    // By access code, with separators.
    const byCode = await download(`${recorded.code.slice(0, 3)}-${recorded.code.slice(3)}`);
    expect(byCode.statusCode).toBe(200);
    expect(byCode.rawPayload.equals(audio)).toBe(true);

    expect((await download(silent.id)).statusCode).toBe(404);
    expect((await download(silent.code)).statusCode).toBe(404);
    expect((await download(2147483000)).statusCode).toBe(404);
  });

  test('another tenant gets 404 for the id; the gating: flag and permission, system tenant always', async () => {
    const recorded = await postedResult();
    expect((await attach(recorded.id, wav(1200))).status).toBe(200);

    // Globex operating in its own tenant cannot name Acme's result or code.
    expect((await download(recorded.id, globexAdmin, globex)).statusCode).toBe(404);
    expect((await download(recorded.code, globexAdmin, globex)).statusCode).toBe(404);

    // The Analyst reads results but lacks tenant.project.cm.recording.read.
    expect((await download(recorded.id, analyst)).statusCode).toBe(403);
    await setRecordingsFlag(false);
    try {
      expect((await download(recorded.id, acmeAdmin)).statusCode).toBe(403);
      const page = await t.api.ok('listProjectResults', {
        token: acmeAdmin,
        operatingTenant: acme,
        body: { projectId, page: 0, pageSize: 100 },
      });
      expect(page.recordingsEnabled).toBe(false);
      // The provider's users (system tenant) download without the flag.
      const asProvider = await download(recorded.id, provider);
      expect(asProvider.statusCode).toBe(200);
    } finally {
      await setRecordingsFlag(true);
    }
    expect((await download(recorded.id, acmeAdmin)).statusCode).toBe(200);
  });

  test('a held result is 404 without the hold update permission', async () => {
    const held = await postedResult(false);
    expect((await attach(held.id, wav(900))).status).toBe(200);
    // The provider holds tenant.project.resultshold.internal.update; Acme's roles do not.
    expect((await download(held.id, provider)).statusCode).toBe(200);
    expect((await download(held.id, acmeAdmin)).statusCode).toBe(404);
  });
});
