import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

const highlightedIn = (menu: HTMLElement) => menu.querySelector('[data-highlighted]');

/**
 * Opens a Chakra (zag) menu and selects an item the way a keyboard user does. jsdom delivers a pointer
 * click's events within one task, which zag's menu does not take as a selection from the second opening on;
 * real browsers (the WebdriverIO journeys) click.
 */
export const chooseMenuItem = async (user: UserEvent, triggerTestId: string, itemTestId: string): Promise<void> => {
  // A trigger in the top bar comes with the frame's open parts, a task after the screen (ADR 0197).
  (await screen.findByTestId(triggerTestId)).focus();
  await user.keyboard('{ArrowDown}');
  const item = await screen.findByTestId(itemTestId);
  const menu = item.closest<HTMLElement>('[role="menu"]');
  if (!menu) throw new Error(`${itemTestId} is not inside a menu`);
  // Keys go to the focused element: wait until the open menu has taken focus and highlighted an item.
  await waitFor(() => {
    expect(menu).toHaveAttribute('data-state', 'open');
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(highlightedIn(menu)).not.toBeNull();
  });
  for (let step = 0; step < 20 && !item.hasAttribute('data-highlighted'); step += 1) {
    const before = highlightedIn(menu);
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(highlightedIn(menu)).not.toBe(before));
  }
  expect(item).toHaveAttribute('data-highlighted');
  await user.keyboard('{Enter}');
};
