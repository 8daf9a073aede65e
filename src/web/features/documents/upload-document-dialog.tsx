import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { useUploadDocumentMutation } from '../../api/generated/user-service';
import { UploadDialog } from '../../components/feedback/upload-dialog';
import { DOCUMENT_EXTENSIONS, documentFileProblem } from './document-rules';

interface UploadDocumentDialogProps {
  onClose: () => void;
  /** After a successful upload (the dialog closes; the list reloads: the upload invalidates its Document tag). */
  onUploaded: (message: string) => void;
}

/**
 * The add-document modal (docs/product/documents.md#upload) on the one upload dialog: choose a file; Select stays
 * disabled until the file's type and size are valid; then it uploads, closes and the list reloads.
 */
export function UploadDocumentDialog({ onClose, onUploaded }: UploadDocumentDialogProps) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [upload, uploading] = useUploadDocumentMutation();

  const fileProblem = (file: File) => {
    const problem = documentFileProblem(file);
    if (problem === 'type') return t`Invalid file type. Please upload a valid file.`;
    if (problem === 'size') return t`File size should be less than or equal to 10 MB`;
    return null;
  };

  const submit = async (file: File) => {
    const result = await upload({ body: { document: file } });
    if ('error' in result) {
      console.error('Document upload failed', result.error);
      setError(getErrorMessage(result.error, t`Something went wrong`));
      return;
    }
    onUploaded(t`Document uploaded successfully!`);
  };

  return (
    <UploadDialog
      title={<Trans>Add Document</Trans>}
      testId="document-upload"
      accept={DOCUMENT_EXTENSIONS.join(',')}
      busy={uploading.isLoading}
      error={error}
      onDismissError={() => setError(null)}
      onFileChange={() => setError(null)}
      fileProblem={fileProblem}
      hint={<Trans>PDF, PNG, JPEG, XLSX, DOCX, DOC, JSON or HTML, at most 10 MB.</Trans>}
      closeLabel={<Trans>Cancel</Trans>}
      uploadLabel={<Trans>Select</Trans>}
      modal
      onUpload={(file) => void submit(file)}
      onClose={onClose}
    />
  );
}
