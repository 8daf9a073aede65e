import { Button, HStack, Spinner } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from 'react-router';

interface SaveButtonProps {
  /** The form has changes (final-form `dirty`). */
  dirty: boolean;
  saving: boolean;
  /** E.g. without the update permission. */
  disabled?: boolean;
  testId?: string;
}

/** The admin forms' submit button (docs/product/admin-accounts.md#admin-forms): disabled until the form is dirty and while saving ('Save...'). */
export function SaveButton({ dirty, saving, disabled = false, testId }: SaveButtonProps) {
  return (
    <Button type="submit" colorPalette="brand" disabled={!dirty || saving || disabled} data-testid={testId}>
      {saving ? (
        <>
          <Spinner size="sm" />
          <Trans>Save...</Trans>
        </>
      ) : (
        <Trans>Save</Trans>
      )}
    </Button>
  );
}

interface FormActionsProps extends SaveButtonProps {
  /** Where Cancel goes (the list or screen the form was opened from). */
  cancelTo: string;
  cancelTestId?: string;
}

/** A form's Save and Cancel buttons; Cancel leaves through the router, so the unsaved-changes guard applies. */
export function FormActions({ cancelTo, cancelTestId, ...save }: FormActionsProps) {
  const navigate = useNavigate();
  return (
    <HStack gap="3">
      <SaveButton {...save} />
      <Button variant="outline" onClick={() => void navigate(cancelTo)} data-testid={cancelTestId}>
        <Trans>Cancel</Trans>
      </Button>
    </HStack>
  );
}
