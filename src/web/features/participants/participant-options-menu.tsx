import { Button, Menu, Portal } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Fragment, type ReactNode } from 'react';

interface ParticipantOptionsMenuProps {
  /** The items of the menu's parts (invitations, transfer, NP), each handling its own values. */
  parts: ReadonlyArray<{ items: ReactNode; select: (value: string) => boolean }>;
  selectionCount: number;
  testOnly: boolean;
  canDelete: boolean;
  canSeeTests: boolean;
  /** Hide Selected Participants: the system tenant with the update permission. */
  canHide: boolean;
  onChosen: () => void;
  onDelete: () => void;
  onHide: () => void;
  onToggleTests: () => void;
}

/** Data Options (docs/product/participants.md#list): the parts' items, Delete, the test-participant toggle, Hide. */
export function ParticipantOptionsMenu(props: ParticipantOptionsMenuProps) {
  const { parts, selectionCount, testOnly, canDelete, canSeeTests, canHide } = props;
  return (
    <Menu.Root
      onSelect={({ value }) => {
        props.onChosen();
        if (value === 'delete') props.onDelete();
        else if (value === 'hide') props.onHide();
        else if (value === 'test') props.onToggleTests();
        else parts.some((part) => part.select(value));
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="outline" data-testid="participants-options">
          <Trans>Data Options</Trans>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            {parts.map((part, index) => (
              <Fragment key={index}>{part.items}</Fragment>
            ))}
            {canDelete ? (
              <Menu.Item value="delete" disabled={selectionCount === 0} data-testid="participants-option-delete">
                <Trans>Delete</Trans>
              </Menu.Item>
            ) : null}
            {canSeeTests ? (
              <Menu.Item value="test" data-testid="participants-option-test-toggle">
                {testOnly ? <Trans>Hide Test Participants</Trans> : <Trans>Show Only Test Participants</Trans>}
              </Menu.Item>
            ) : null}
            {canHide ? (
              <Menu.Item
                value="hide"
                disabled={selectionCount === 0 || testOnly}
                data-testid="participants-option-hide"
              >
                <Trans>Hide Selected Participants</Trans>
              </Menu.Item>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
