import { Button, Spinner } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

interface SaveButtonProps {
  /** The form has changes (final-form `dirty`). */
  dirty: boolean;
  saving: boolean;
  /** E.g. without the update permission. */
  disabled?: boolean;
  testId?: string;
}

/** The admin forms' submit button (002 §4): disabled until the form is dirty and while saving ('Save...'). */
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
