import { Button, HStack, IconButton, Input, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LuCheck, LuX } from 'react-icons/lu';
import { commentPreview } from './document-rules';

interface DocumentCommentCellProps {
  documentId: number;
  comment: string | null;
  /** Without the permission to change documents the comment is only shown. */
  editable: boolean;
  /** Saves a trimmed, non-empty comment; resolves true when it was saved. */
  onSave: (documentId: number, comment: string) => Promise<boolean>;
}

/**
 * The Description column (docs/product/documents.md#comment): in view mode the comment cut at 20 characters
 * and ' ...'; a click switches to edit mode with Save and Cancel. The value is trimmed; an empty one is not saved.
 */
export function DocumentCommentCell({ documentId, comment, editable, onSave }: DocumentCommentCellProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const testId = `document-comment-${documentId}`;

  if (draft === null) {
    const text = comment ? commentPreview(comment) : '';
    if (!editable) {
      return (
        <Text truncate title={comment ?? undefined} data-testid={testId}>
          {text}
        </Text>
      );
    }
    return (
      <Button
        variant="ghost"
        size="xs"
        justifyContent="flex-start"
        w="full"
        fontWeight="normal"
        title={comment ?? undefined}
        // The name holds the text shown (WCAG 2.5.3 Label in Name); with none shown, the placeholder names it.
        aria-label={text ? t`Edit description: ${text}` : undefined}
        onClick={() => setDraft(comment ?? '')}
        data-testid={testId}
      >
        {text || (
          <Text as="span" color="fg.muted">
            {t`Add description`}
          </Text>
        )}
      </Button>
    );
  }

  const save = async () => {
    const value = draft.trim();
    if (!value || value === comment) {
      setDraft(null);
      return;
    }
    setSaving(true);
    const saved = await onSave(documentId, value);
    setSaving(false);
    if (saved) setDraft(null);
  };

  return (
    <HStack gap="1" h="full">
      <Input
        size="xs"
        autoFocus
        value={draft}
        maxLength={1000}
        aria-label={t`Description`}
        disabled={saving}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void save();
          if (event.key === 'Escape') setDraft(null);
        }}
        data-testid={`${testId}-input`}
      />
      <IconButton
        size="xs"
        variant="ghost"
        colorPalette="green"
        aria-label={t`Save`}
        loading={saving}
        onClick={() => void save()}
        data-testid={`${testId}-save`}
      >
        <LuCheck />
      </IconButton>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={t`Cancel`}
        disabled={saving}
        onClick={() => setDraft(null)}
        data-testid={`${testId}-cancel`}
      >
        <LuX />
      </IconButton>
    </HStack>
  );
}
