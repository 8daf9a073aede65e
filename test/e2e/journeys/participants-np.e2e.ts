import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { findParticipantByIrn } from '../support/participant-rows';
import { byTestId, projectIdByName, signInToDashboard } from '../support/app';

/**
 * NP marking and reverse, and the participant detail modal (docs/product/participants.md#np, #detail). On Acme's
 * first demo project (execution stage, reverse_np_configuration on) with a participant no other journey knows: the
 * journey adds it and deletes it again, and reverse restores its status, so nothing seeded changes.
 */
const PROJECT = 'Claims Integrity 2026';
const NP = sel.participantNp;

async function chooseOption(itemTestId: string): Promise<void> {
  await byTestId(sel.participants.options).click();
  await byTestId(itemTestId).waitForDisplayed({ timeout: 5_000 });
  await byTestId(itemTestId).click();
}

async function tickAndRun(id: number, option: string, success: string): Promise<void> {
  await byTestId(sel.participants.select(id)).click();
  await chooseOption(option);
  await expect(byTestId(NP.dialog)).toBeDisplayed();
  await byTestId(NP.confirm).click();
  await expect(byTestId(sel.participants.success)).toHaveText(expect.stringContaining(success));
}

describe('participants NP', () => {
  it('marks a participant non-responsive, reverses it and shows the history in the detail modal', async () => {
    await signInToDashboard('admin@acme.test');
    const projectId = await projectIdByName(PROJECT);

    // A participant of our own (a numeric IRN fits either access-code behaviour).
    const irn = `7${String(Date.now()).slice(-10)}`;
    await browser.url(`/main/project/${projectId}/participants/add`);
    await expect(byTestId(sel.participants.form)).toBeDisplayed({ wait: 20_000 });
    await byTestId(sel.participants.formIrn).setValue(irn);
    await byTestId(sel.participants.formFirstName).setValue('Np');
    await byTestId(sel.participants.formLastName).setValue('Journey');
    await byTestId(sel.participants.formLanguage).selectByIndex(1);
    await byTestId(sel.participants.formSave).click();
    await expect(byTestId(sel.participants.formSuccess)).toHaveText(
      expect.stringContaining('Participant Added Successfully!'),
    );
    await expect(byTestId(sel.participants.list)).toBeDisplayed({ wait: 10_000 });
    const id = await findParticipantByIrn(irn);

    // Mark NP, then reverse (the project's reverse_np_configuration is on).
    await tickAndRun(id, NP.optionMark, '1 participants marked as Non-Responsive');
    await expect(byTestId(sel.participants.list)).toHaveText(expect.stringContaining('Non-Responsive Participant'), {
      wait: 10_000,
    });
    await tickAndRun(id, NP.optionReverse, '1 participants reversed from Non-Responsive');
    await browser.waitUntil(
      async () => !(await byTestId(sel.participants.list).getText()).includes('Non-Responsive Participant'),
      { timeout: 10_000, timeoutMsg: 'the participant is still non-responsive' },
    );

    // The detail modal's status history: created, marked, reversed.
    await byTestId(sel.participantDetail.open(id)).click();
    await expect(byTestId(sel.participantDetail.modal)).toBeDisplayed({ wait: 10_000 });
    await expect(byTestId(sel.participantDetail.empty('calls'))).toBeDisplayed();
    await byTestId(sel.participantDetail.tab('status')).click();
    const history = byTestId(sel.participantDetail.table('status'));
    await expect(history).toBeDisplayed();
    const text = await history.getText();
    expect(text.match(/New Participant/g)).toHaveLength(2);
    expect(text).toContain('Non-Responsive Participant');
    await byTestId(sel.participantDetail.close).click();
    await expect(byTestId(sel.participantDetail.modal)).not.toBeDisplayed();

    // Leave the project as it was.
    await byTestId(sel.participants.remove(id)).click();
    await byTestId(sel.participants.deleteConfirm).click();
    await expect(byTestId(sel.participants.success)).toHaveText(
      expect.stringContaining('Participants Delete Successfully!'),
    );
  });
});
