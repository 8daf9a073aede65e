import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, signInToDashboard } from '../support/app';
import { emailsToPrefix } from '../support/mailbox';

const P = sel.participants;
/** An Acme project no other journey uses (execution stage, e-mail communication on, seeded templates). */
const PROJECT = 'Branch Audit Pilot';
/** Run-unique last name and e-mail prefix: the search narrows the list to this run's participants. */
const RUN = `inv${String(Date.now()).slice(-8)}`;
const COUNT = 30;

interface ListedParticipant {
  participantId: number;
  email: string | null;
  first_name: string | null;
  accessCode: string | null;
  status: string;
  email_sent: boolean | null;
}

/** A JSON call made in the page with the console's session; `__TENANT__` in the body is the operating tenant. */
async function api<T>(path: string, method: string, body?: unknown): Promise<{ status: number; json: T }> {
  return (await browser.execute(
    async (url: string, verb: string, payload: string | null) => {
      const key = Object.keys(window.localStorage).find((k) => k.startsWith('persist:'))!;
      const root = JSON.parse(window.localStorage.getItem(key)!) as Record<string, string>;
      const session = JSON.parse(root.session!) as { accessToken: string; idToken: string };
      const tenancy = JSON.parse(root.tenancy!) as { operatingTenant: { tenantId: number } };
      const tenant = String(tenancy.operatingTenant.tenantId);
      const response = await fetch(url, {
        method: verb,
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          'id-token': session.idToken,
          operatingTenant: tenant,
          ...(payload && { 'content-type': 'application/json' }),
        },
        ...(payload && { body: payload.replace('"__TENANT__"', tenant) }),
      });
      const text = await response.text();
      return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
    },
    path,
    method,
    body === undefined ? null : JSON.stringify(body),
  )) as unknown as { status: number; json: T };
}

const listRun = async (projectId: number) =>
  (
    await api<{ participants: ListedParticipant[]; totalRecords: number }>(
      `/api/project-service/v1/project/${projectId}/participants`,
      'POST',
      { page: 0, pageSize: 100, search: RUN },
    )
  ).json;

describe('participants invitations', () => {
  it('selects all records across pages and sends e-mail invitations: one message each, placeholders filled, statuses move', async () => {
    await signInToDashboard('admin@acme.test');
    const cards = await api<{ projects: { projectId: number; name: string }[] }>(
      '/api/project-service/v1/project/projectListNew',
      'GET',
    );
    const projectId = cards.json.projects.find((p) => p.name === PROJECT)!.projectId;
    const created = await api<{ participantIds: number[] }>('/api/participant-service/v1/participants', 'POST', {
      tenantId: '__TENANT__',
      projectId,
      participants: Array.from({ length: COUNT }, (_, i) => ({
        first_name: `Inv${i}`,
        last_name: RUN,
        email: `${RUN}.${i}@example.test`,
        participant_language_id: 1,
      })),
    });
    expect(created.status).toBe(201);

    await browser.url(`/main/project/${projectId}/participants`);
    await expect(byTestId(P.list)).toBeDisplayed({ wait: 20_000 });
    await byTestId(P.search).setValue(RUN);
    await expect(byTestId(`${P.pager}-page`)).toHaveText(expect.stringContaining(`(${COUNT} participants)`), {
      wait: 15_000,
    });

    // All records across pages (25 a page): sent as the filter.
    await byTestId(P.selectPage).$('[data-part="control"]').click();
    await byTestId(P.selectAll).click();
    await expect(byTestId(P.selection)).toHaveText(expect.stringContaining(`All ${COUNT} records selected`));

    await byTestId(P.options).click();
    await byTestId(P.optionSendEmail).waitForDisplayed({ timeout: 5_000 });
    await byTestId(P.optionSendEmail).click();
    await expect(byTestId(P.inviteConfirmText)).toHaveText(
      `Send the email invitation to ${COUNT} selected participants?`,
    );
    await byTestId(P.inviteConfirmSend).click();
    await expect(byTestId(P.inviteSuccess)).toHaveText(
      `Email inivitation have been scheduled for ${COUNT} selected participants (Participant status will update approximately in 10 minutes)`,
    );
    await expect(byTestId(P.inviteProgress)).toBeDisplayed();
    await expect(byTestId(P.inviteProgress)).toHaveAttribute('data-status', 'done', { wait: 30_000 });

    // The mailbox: exactly one message per participant, with their own placeholders filled.
    await browser.waitUntil(() => Promise.resolve(emailsToPrefix(`${RUN}.`).length >= COUNT), {
      timeout: 30_000,
      timeoutMsg: 'not every invitation reached the mailbox',
    });
    const participants = (await listRun(projectId)).participants;
    expect(participants).toHaveLength(COUNT);
    const mails = emailsToPrefix(`${RUN}.`);
    expect(mails).toHaveLength(COUNT);
    for (const p of participants) {
      const mine = mails.filter((m) => m.recipient === p.email);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.subject).toBe(`Your screening interview for ${PROJECT}`);
      expect(mine[0]!.body_text).toContain(`Hello ${p.first_name}`);
      expect(mine[0]!.body_text).toContain(p.accessCode!);
      expect(mine[0]!.body_text).toMatch(/\+1\s?800/);
      expect(mine[0]!.body_text).not.toContain('{{');
    }

    // The statuses follow the delivery.
    await browser.waitUntil(
      async () => (await listRun(projectId)).participants.every((p) => p.status === 'INVITATION_SENT' && p.email_sent),
      { timeout: 30_000, timeoutMsg: 'the statuses did not become INVITATION_SENT' },
    );
  });
});
