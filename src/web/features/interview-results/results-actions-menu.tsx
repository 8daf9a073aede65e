import { Button, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ResultDownload } from './use-result-files';

interface ResultsActionsMenuProps {
  downloading: ResultDownload | null;
  canUpload: boolean;
  /** Mark Reviewed / Unreviewed (the hold permissions). */
  canSelect: boolean;
  selectedCount: number;
  onChosen: () => void;
  onReview: (action: 'Reviewed' | 'Unreviewed') => void;
  onDownload: (kind: ResultDownload) => void;
  onUpload: () => void;
}

/** The results tab's Actions menu (docs/product/results-downloads.md): downloads, upload, mark reviewed / unreviewed. */
export function ResultsActionsMenu(props: ResultsActionsMenuProps) {
  const { downloading, canUpload, canSelect, selectedCount, onChosen, onReview, onDownload, onUpload } = props;
  return (
    <HStack justify="flex-end">
      {downloading ? (
        <Text fontSize="sm" color="fg.muted" data-testid="results-downloading">
          {downloading === 'pdfs' ? <Trans>Preparing the PDFs…</Trans> : <Trans>Preparing the file…</Trans>}
        </Text>
      ) : null}
      <Menu.Root
        onSelect={({ value }) => {
          onChosen();
          if (value === 'Reviewed' || value === 'Unreviewed') onReview(value);
          if (value === 'xlsx' || value === 'csv' || value === 'pdfs') onDownload(value);
          if (value === 'upload') onUpload();
        }}
      >
        <Menu.Trigger asChild>
          <Button variant="outline" data-testid="results-actions" loading={downloading !== null}>
            <Trans>Actions</Trans>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="48">
              {/* With a selection the selected results, else every result of the filters. */}
              <Menu.Item value="xlsx" data-testid="results-download">
                <Trans>Download Results</Trans>
              </Menu.Item>
              <Menu.Item value="csv" data-testid="results-download-csv">
                <Trans>Download Results (CSV)</Trans>
              </Menu.Item>
              {canUpload ? (
                <Menu.Item value="upload" data-testid="results-upload">
                  <Trans>Upload Results</Trans>
                </Menu.Item>
              ) : null}
              <Menu.Item value="pdfs" data-testid="results-download-pdfs">
                <Trans>Download PDFs</Trans>
              </Menu.Item>
              {canSelect ? (
                <>
                  <Menu.Item value="Reviewed" disabled={selectedCount === 0} data-testid="results-mark-reviewed">
                    <Trans>Mark Reviewed</Trans>
                  </Menu.Item>
                  <Menu.Item value="Unreviewed" disabled={selectedCount === 0} data-testid="results-mark-unreviewed">
                    <Trans>Mark Unreviewed</Trans>
                  </Menu.Item>
                </>
              ) : null}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </HStack>
  );
}
