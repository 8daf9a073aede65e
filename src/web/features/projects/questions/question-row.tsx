import { Box, Checkbox, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LuGripVertical, LuTrash2 } from 'react-icons/lu';
import type { ExpectedAnswer } from '../../../../shared/question-rules';
import type { QuestionDraft } from './question-drafts';

export interface QuestionRowProps {
  question: QuestionDraft;
  index: number;
  answers: readonly ExpectedAnswer[];
  canEdit: boolean;
  canDelete: boolean;
  /** Why the controls are disabled, shown as their title. */
  lockReason: string | null;
  onChange: (change: Partial<QuestionDraft>) => void;
  onDelete: () => void;
}

/**
 * One question: drag handle, sequence or 'N', the text (click to edit), Pertinent, Expected Answer and delete
 * (docs/product/project-questions.md#editor).
 */
export function QuestionRow({
  question,
  index,
  answers,
  canEdit,
  canDelete,
  lockReason,
  onChange,
  onDelete,
}: QuestionRowProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(question.questionText === '');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: question.key,
    disabled: !canEdit,
  });
  const label = question.projectQuestionId === null ? 'N' : String(index + 1);
  const empty = question.questionText.trim() === '';
  const reason = lockReason ?? undefined;

  return (
    <HStack
      ref={setNodeRef}
      data-testid={`question-row-${index}`}
      data-question-index={index}
      align="flex-start"
      gap="3"
      p="3"
      // On a phone, Pertinent, the answers and delete go under the text instead of past the window's edge.
      flexWrap="wrap"
      borderWidth="1px"
      borderRadius="md"
      bg={isDragging ? 'bg.muted' : 'bg'}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        variant="ghost"
        size="sm"
        aria-label={t`Move question ${label}`}
        disabled={!canEdit}
        title={reason}
        cursor={canEdit ? 'grab' : 'not-allowed'}
        data-testid={`question-handle-${index}`}
        {...attributes}
        {...listeners}
      >
        <LuGripVertical />
      </IconButton>
      <Text minW="6" pt="2" fontWeight="semibold" data-testid={`question-sequence-${index}`}>
        {label}
      </Text>
      <Stack flex="1 1 12rem" minW="0" gap="1">
        {editing && canEdit ? (
          <Input
            size="sm"
            autoFocus
            aria-label={t`Question text`}
            value={question.questionText}
            aria-invalid={empty}
            onChange={(event) => onChange({ questionText: event.target.value })}
            onBlur={() => setEditing(empty)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !empty) setEditing(false);
            }}
            data-testid={`question-text-input-${index}`}
          />
        ) : (
          <Box asChild textAlign="start" pt="1.5">
            <button
              type="button"
              disabled={!canEdit}
              title={canEdit ? t`Click to edit` : reason}
              onClick={() => setEditing(true)}
              data-testid={`question-text-${index}`}
            >
              {question.questionText}
            </button>
          </Box>
        )}
        {empty ? (
          <Text color="fg.error" fontSize="sm" data-testid={`question-text-error-${index}`}>
            {t`Question text can not be empty`}
          </Text>
        ) : null}
      </Stack>
      <Checkbox.Root
        pt="1.5"
        checked={question.isPertinant}
        disabled={!canEdit}
        title={reason}
        onCheckedChange={({ checked }) => onChange({ isPertinant: checked === true })}
        data-testid={`question-pertinent-${index}`}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t`Pertinent`}</Checkbox.Label>
      </Checkbox.Root>
      <HStack as="fieldset" gap="3" pt="1.5" title={reason} data-testid={`question-answer-${index}`}>
        <Text as="legend" srOnly>
          {t`Expected Answer`}
        </Text>
        {answers.map((answer) => (
          <HStack as="label" key={answer} gap="1" fontSize="sm">
            <input
              type="radio"
              name={`expected-${question.key}`}
              value={answer}
              checked={question.expectedAnswer === answer}
              disabled={!canEdit}
              onChange={() => onChange({ expectedAnswer: answer })}
              data-testid={`question-answer-${index}-${answer}`}
            />
            {answer === 'Yes' ? t`Yes` : answer === 'No' ? t`No` : t`Narr`}
          </HStack>
        ))}
      </HStack>
      <IconButton
        variant="ghost"
        colorPalette="red"
        size="sm"
        aria-label={t`Delete question ${label}`}
        disabled={!canDelete}
        title={reason}
        onClick={onDelete}
        data-testid={`question-delete-${index}`}
      >
        <LuTrash2 />
      </IconButton>
    </HStack>
  );
}
