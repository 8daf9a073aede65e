import { $$, browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, signInToDashboard } from '../support/app';
import { expectAccessible } from '../support/accessibility';

/** The id of the first demo project on the project list. */
async function firstProjectId(): Promise<number> {
  await browser.url('/main/project');
  await browser.waitUntil(async () => (await $$('[data-testid^="project-card-"]').length) > 0, { timeout: 20_000 });
  const card = (await $$('[data-testid^="project-card-"]'))[0]!;
  return Number(((await card.getAttribute('data-testid')) ?? '').replace('project-card-', ''));
}

/** The user id of the first user the Assign Roles modal lets one tick (no project role yet). */
async function firstPickableUserId(): Promise<number> {
  for (const pick of await $$('[data-testid^="assign-roles-pick-"]')) {
    if ((await pick.getAttribute('data-disabled')) === null) {
      return Number(((await pick.getAttribute('data-testid')) ?? '').replace('assign-roles-pick-', ''));
    }
  }
  throw new Error('No user can be assigned');
}

describe('project team', () => {
  it('assigns a team member a project role, then removes them after the confirmation', async () => {
    await signInToDashboard('admin@acme.test');
    const projectId = await firstProjectId();
    await browser.url(`/main/project/${projectId}/team`);
    await expect(byTestId(sel.team.list)).toBeDisplayed({ wait: 20_000 });
    await expect(byTestId(sel.project.tab('team'))).toBeDisplayed();
    await expectAccessible('project team');

    await byTestId(sel.team.add).click();
    await expect(byTestId(sel.team.assignModal)).toBeDisplayed();
    await byTestId(sel.team.assignSave).click();
    await expect(byTestId(sel.team.assignError)).toHaveText(
      expect.stringContaining('Please select User and Project role to assign'),
    );
    await browser.waitUntil(async () => (await $$('[data-testid^="assign-roles-pick-"]').length) > 0, {
      timeout: 10_000,
    });
    await byTestId(sel.team.assignRole).selectByIndex(1);
    const userId = await firstPickableUserId();
    await byTestId(sel.team.assignPick(userId)).$('[data-part="control"]').click();
    await byTestId(sel.team.assignSave).click();
    await expect(byTestId(sel.team.success)).toHaveText(expect.stringContaining('User assigned to team sucessfully'));
    await expect(byTestId(sel.team.remove(userId))).toBeDisplayed({ wait: 10_000 });

    await byTestId(sel.team.remove(userId)).click();
    await expect(byTestId(sel.team.removeDialog)).toHaveText(
      expect.stringContaining('Do you really want to remove this member from team?'),
    );
    await byTestId(sel.team.removeConfirm).click();
    await expect(byTestId(sel.team.success)).toHaveText(expect.stringContaining('User removed from team sucessfully'));
    await expect(byTestId(sel.team.remove(userId))).not.toBeDisplayed({ wait: 10_000 });
  });
});
