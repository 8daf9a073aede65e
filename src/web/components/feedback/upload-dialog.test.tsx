import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
// Rendered outside the shell, which registers the signed-in screens' recipes (ADR 0084).
import '../../theme/signed-in-recipes';
import { system } from '../../theme/system';
import { UploadDialog, type UploadDialogProps } from './upload-dialog';

const renderDialog = (props: Partial<UploadDialogProps> = {}) => {
  const onUpload = jest.fn();
  const onClose = jest.fn();
  const onDismissError = jest.fn();
  const ui = (extra: Partial<UploadDialogProps>): ReactNode => (
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <UploadDialog
          title="Upload Things"
          testId="things-upload"
          accept=".xlsx,.csv"
          busy={false}
          error={null}
          onDismissError={onDismissError}
          onUpload={onUpload}
          onClose={onClose}
          {...props}
          {...extra}
        />
      </ChakraProvider>
    </I18nProvider>
  );
  const view = render(ui({}));
  return {
    onUpload,
    onClose,
    onDismissError,
    rerender: (extra: Partial<UploadDialogProps>) => view.rerender(ui(extra)),
  };
};

describe('UploadDialog', () => {
  it('uploads the chosen file with the accept list; Upload waits for a file', async () => {
    const user = userEvent.setup();
    const onFileChange = jest.fn();
    const { onUpload } = renderDialog({ onFileChange, fields: <p data-testid="things-field">mode</p> });
    expect(await screen.findByTestId('things-upload-dialog')).toHaveTextContent('Upload Things');
    expect(screen.getByTestId('things-field')).toBeInTheDocument();
    const input = screen.getByTestId('things-upload-input');
    expect(input).toHaveAttribute('accept', '.xlsx,.csv');
    expect(screen.getByTestId('things-upload-submit')).toBeDisabled();
    const file = new File(['a'], 'a.csv', { type: 'text/csv' });
    await user.upload(input, file);
    expect(onFileChange).toHaveBeenCalledWith(file);
    await user.click(screen.getByTestId('things-upload-submit'));
    expect(onUpload).toHaveBeenCalledWith(file);
  });

  it('shows the error through the error alert and the outcome instead of the picker', async () => {
    const { rerender, onClose } = renderDialog({ error: 'Bad file' });
    expect(await screen.findByTestId('things-upload-error')).toHaveTextContent('Bad file');
    rerender({ done: <p data-testid="things-done">done</p> });
    expect(screen.getByTestId('things-done')).toBeInTheDocument();
    expect(screen.queryByTestId('things-upload-input')).not.toBeInTheDocument();
    expect(screen.queryByTestId('things-upload-submit')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByTestId('things-upload-close'));
    expect(onClose).toHaveBeenCalled();
  });
});
