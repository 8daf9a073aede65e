import { Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import type { PhoneConflict } from '../../../../shared/project-rules';
import { testIds } from './test-ids';

/**
 * Save's question when other projects use a dial-in number (docs/product/project-lookups.md#project-check): `ask` opens
 * the dialog and resolves with the answer; `dialog` is what the form renders for it.
 */
export function usePhoneConfirmation() {
  const [conflicts, setConflicts] = useState<PhoneConflict[] | null>(null);
  const decision = useRef<((confirmed: boolean) => void) | null>(null);
  const ask = (found: PhoneConflict[]) =>
    new Promise<boolean>((resolve) => {
      decision.current = resolve;
      setConflicts(found);
    });
  const decide = (confirmed: boolean) => {
    decision.current?.(confirmed);
    decision.current = null;
    setConflicts(null);
  };
  return { ask, dialog: { conflicts, decide } };
}

/**
 * The dial phone numbers confirmation (docs/product/project-form.md#sections): each number with the project and tenant
 * using it; Cancel and Save.
 */
export function PhoneConfirmDialog({
  conflicts,
  decide,
}: {
  conflicts: PhoneConflict[] | null;
  decide: (confirmed: boolean) => void;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={conflicts !== null}
      title={<Trans>Dial-in number already in use</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
      confirmLabel={<Trans>Save</Trans>}
      onCancel={() => decide(false)}
      onConfirm={() => decide(true)}
      testId={testIds.phoneDialog}
      confirmTestId={testIds.phoneDialogSave}
      cancelTestId={testIds.phoneDialogCancel}
    >
      <Stack gap="2">
        {(conflicts ?? []).map(({ number, project_name: project, tenant_name: tenant }) => (
          <Text key={`${number}-${project}-${tenant}`}>
            {t`The number ${number} is already used by project ${project} of ${tenant}.`}
          </Text>
        ))}
        <Text>
          <Trans>Do you want to save the project anyway?</Trans>
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}
