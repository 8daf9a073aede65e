import { Menu } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { getErrorMessage, httpStatusOf } from '../../api/error-message';
import {
  useExportParticipantsMutation,
  useLazyDownloadParticipantTemplateQuery,
  type ParticipantSelection,
} from '../../api/generated/participant-service';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { ParticipantUploadDialog } from './participant-upload-dialog';

/** The Data Options values this module handles. */
const TRANSFER_VALUES = ['template', 'upload', 'export'] as const;
type TransferValue = (typeof TRANSFER_VALUES)[number];
const isTransferValue = (value: string): value is TransferValue =>
  (TRANSFER_VALUES as readonly string[]).includes(value);

export interface ParticipantTransferOptions {
  projectId: number;
  selection: ParticipantSelection;
  selectionCount: number;
  canCreate: boolean;
  canDelete: boolean;
  canExport: boolean;
  /** Reload the list after an upload. */
  onUploaded: () => void;
}

/**
 * Download Template, Upload Data and Export Data of the participants' Data Options menu
 * (docs/product/participants.md#import, #export): `items` go in the menu, `select` takes the menu's value
 * (true when it was one of these), `element` is the upload dialog and the error alert.
 */
export function useParticipantTransfer(options: ParticipantTransferOptions): {
  items: ReactNode;
  select: (value: string) => boolean;
  element: ReactNode;
} {
  const { t } = useLingui();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [downloadTemplate] = useLazyDownloadParticipantTemplateQuery();
  const [exportParticipants] = useExportParticipantsMutation();

  const select = (value: string) => {
    if (!isTransferValue(value)) return false;
    setError(null);
    if (value === 'upload') setUploading(true);
    else if (value === 'template')
      void downloadTemplate().then((answer) => {
        if (answer.error) setError(getErrorMessage(answer.error, t`Something went wrong`));
      });
    else
      void exportParticipants({ participantSelection: options.selection }).then((answer) => {
        const failure = 'error' in answer ? answer.error : undefined;
        if (!failure) return;
        const fallback =
          'status' in failure && httpStatusOf(failure) === 500
            ? t`Something went wrong please contact support`
            : t`Something went wrong`;
        setError(getErrorMessage(failure, fallback));
      });
    return true;
  };

  const items = (
    <>
      {options.canCreate ? (
        <Menu.Item value="template" data-testid="participants-option-template">
          <Trans>Download Template</Trans>
        </Menu.Item>
      ) : null}
      {options.canCreate ? (
        <Menu.Item value="upload" data-testid="participants-option-upload">
          <Trans>Upload Data</Trans>
        </Menu.Item>
      ) : null}
      {options.canExport ? (
        <Menu.Item value="export" disabled={options.selectionCount === 0} data-testid="participants-option-export">
          <Trans>Export Data</Trans>
        </Menu.Item>
      ) : null}
    </>
  );

  const element = (
    <>
      {error ? (
        <ErrorAlert message={error} onDismiss={() => setError(null)} testId="participants-transfer-error" />
      ) : null}
      {uploading ? (
        <ParticipantUploadDialog
          projectId={options.projectId}
          canReplace={options.canDelete}
          onClose={() => setUploading(false)}
          onUploaded={options.onUploaded}
        />
      ) : null}
    </>
  );

  return { items, select, element };
}
