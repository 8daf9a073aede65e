import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Opens a Chakra (zag) menu and selects an item the way a keyboard user does. jsdom delivers a pointer
 * click's events within one task, which zag's menu does not take as a selection from the second opening on;
 * real browsers (the WebdriverIO journeys) click.
 */
export const chooseMenuItem = async (user: UserEvent, triggerTestId: string, itemTestId: string): Promise<void> => {
  const trigger = screen.getByTestId(triggerTestId);
  trigger.focus();
  await user.keyboard('{ArrowDown}');
  const item = await screen.findByTestId(itemTestId);
  for (let step = 0; step < 20 && !item.hasAttribute('data-highlighted'); step += 1) {
    await user.keyboard('{ArrowDown}');
  }
  await waitFor(() => expect(item).toHaveAttribute('data-highlighted'));
  await user.keyboard('{Enter}');
};
