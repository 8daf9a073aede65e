import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { findParticipantByIrn, shownParticipants } from '../support/participant-rows';
import { byTestId, projectIdByName, signInToDashboard } from '../support/app';
import { expectAccessible } from '../support/accessibility';

/** A demo project in the execution stage (the participants tab is blocked in setup), with demo participants. */
const PROJECT = 'Claims Integrity 2026';

/** The ids of the participants the grid shows. */
const shownIds = async (): Promise<number[]> => (await shownParticipants()).map((row) => row.id);

describe('participants', () => {
  it('lists the demo participants, adds one, finds it, edits it and deletes it', async () => {
    await signInToDashboard('admin@acme.test');
    const projectId = await projectIdByName(PROJECT);
    await browser.url(`/main/project/${projectId}/participants`);
    await expect(byTestId(sel.participants.list)).toBeDisplayed({ wait: 20_000 });
    await browser.waitUntil(async () => (await shownIds()).length > 0, {
      timeout: 20_000,
      timeoutMsg: 'no demo participants shown',
    });
    await expect(byTestId(`${sel.participants.pager}-page`)).toHaveText(expect.stringMatching(/\(\d+ participants\)/));
    await expectAccessible('participants list');

    // Add.
    const irn = `E2E-${Date.now()}`;
    await byTestId(sel.participants.add).click();
    await expect(byTestId(sel.participants.form)).toBeDisplayed({ wait: 10_000 });
    await byTestId(sel.participants.formIrn).setValue(irn);
    await byTestId(sel.participants.formFirstName).setValue('Journey');
    await byTestId(sel.participants.formLastName).setValue('Tester');
    await byTestId(sel.participants.formEmail).setValue('journey.tester@example.test');
    await byTestId(sel.participants.formPhone).setValue('+1 213 373 4253');
    await byTestId(sel.participants.formLanguage).selectByIndex(1);
    await byTestId(sel.participants.formSave).click();
    await expect(byTestId(sel.participants.formSuccess)).toHaveText(
      expect.stringContaining('Participant Added Successfully!'),
    );
    // Back to the list 3 s after the save.
    await expect(byTestId(sel.participants.list)).toBeDisplayed({ wait: 10_000 });

    // Find it by the filter, then edit it.
    const id = await findParticipantByIrn(irn);
    await byTestId(sel.participants.edit(id)).click();
    await expect(byTestId(sel.participants.form)).toBeDisplayed({ wait: 10_000 });
    await expect(byTestId(sel.participants.formIrn)).toBeDisabled();
    await expect(byTestId(sel.participants.formPhone)).toHaveValue('+12133734253');
    await byTestId(sel.participants.formFirstName).setValue('Edited');
    await byTestId(sel.participants.formSave).click();
    await expect(byTestId(sel.participants.formSuccess)).toHaveText(
      expect.stringContaining('Participant Updated Successfully!'),
    );
    await expect(byTestId(sel.participants.list)).toBeDisplayed({ wait: 10_000 });
    await findParticipantByIrn(irn);
    await expect(byTestId(sel.participants.list)).toHaveText(expect.stringContaining('Edited Tester'));

    // Delete it after the confirmation.
    await byTestId(sel.participants.remove(id)).click();
    await expect(byTestId(sel.participants.deleteDialog)).toBeDisplayed();
    await byTestId(sel.participants.deleteConfirm).click();
    await expect(byTestId(sel.participants.success)).toHaveText(
      expect.stringContaining('Participants Delete Successfully!'),
    );
    await browser.waitUntil(async () => !(await shownIds()).includes(id), {
      timeout: 10_000,
      timeoutMsg: 'the deleted participant is still listed',
    });
  });
});
