import { Box, Button, CloseButton, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { LuCopy } from 'react-icons/lu';

/**
 * The payload of a record (docs/product/reports.md#audit-log): formatted JSON, Copy with 'Text Copied to Clipboard',
 * and the caller's other actions beside Copy (the backend data log's Repost).
 */
export function PayloadDialog({
  payload,
  onClose,
  actions,
}: {
  payload: string | null;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const formatted = payload === null ? '' : pretty(payload);
  const copy = async () => {
    await navigator.clipboard.writeText(formatted);
    setCopied(true);
  };
  return (
    <Dialog.Root
      open={payload !== null}
      placement="center"
      size="lg"
      onOpenChange={(details) => {
        if (!details.open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="audit-payload-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Payload</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box as="pre" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-all" data-testid="audit-payload-json">
                {formatted}
              </Box>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack justify="space-between" w="full">
                <Text color="fg.success" fontSize="sm" data-testid="audit-payload-copied">
                  {copied ? t`Text Copied to Clipboard` : ''}
                </Text>
                <HStack gap="2">
                  {actions}
                  <Button variant="outline" onClick={() => void copy()} data-testid="audit-payload-copy">
                    <LuCopy />
                    <Trans>Copy</Trans>
                  </Button>
                </HStack>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
