import { Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';

/** An account the primary e-mail already belongs to, with the user's role there (check/user-email). */
export interface ExistingMembership {
  name: string;
  role_name: string;
}

/**
 * Add Account's question when the primary e-mail already has a user (docs/product/admin-accounts.md#creating-an-account): `ask`
 * opens the dialog and resolves with the answer; `dialog` is what the form renders for it.
 */
export function useExistingUserConfirmation() {
  const [memberships, setMemberships] = useState<ExistingMembership[] | null>(null);
  const decision = useRef<((confirmed: boolean) => void) | null>(null);
  const ask = (found: ExistingMembership[]) =>
    new Promise<boolean>((resolve) => {
      decision.current = resolve;
      setMemberships(found);
    });
  const decide = (confirmed: boolean) => {
    decision.current?.(confirmed);
    decision.current = null;
    setMemberships(null);
  };
  return { ask, dialog: { memberships, decide } };
}

interface ExistingUserDialogProps {
  email: string;
  memberships: ExistingMembership[] | null;
  decide: (confirmed: boolean) => void;
}

export function ExistingUserDialog({ email, memberships, decide }: ExistingUserDialogProps) {
  return (
    <ConfirmDialog
      open={memberships !== null}
      title={<Trans>This e-mail already has a user</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
      confirmLabel={<Trans>Create Anyway</Trans>}
      onCancel={() => decide(false)}
      onConfirm={() => decide(true)}
      testId="account-email-exists"
      confirmTestId="account-email-exists-confirm"
    >
      <Stack gap="2">
        <Text>
          <Trans>{email} already belongs to a user in these accounts:</Trans>
        </Text>
        <Stack as="ul" gap="1" ps="5">
          {(memberships ?? []).map((entry) => (
            <li key={`${entry.name}-${entry.role_name}`}>
              {entry.name} ({entry.role_name})
            </li>
          ))}
        </Stack>
        <Text>
          <Trans>Create the account with this person as its primary user?</Trans>
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}
