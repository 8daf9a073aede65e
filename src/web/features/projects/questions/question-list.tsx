import { Stack } from '@chakra-ui/react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useLingui } from '@lingui/react/macro';
import type { ExpectedAnswer } from '../../../../shared/question-rules';
import type { QuestionDraft } from './question-drafts';
import { QuestionRow } from './question-row';

interface QuestionListProps {
  questions: QuestionDraft[];
  answers: readonly ExpectedAnswer[];
  canEdit: boolean;
  canDelete: boolean;
  lockReason: string | null;
  onMove: (from: number, to: number) => void;
  onChange: (key: string, change: Partial<QuestionDraft>) => void;
  onDelete: (question: QuestionDraft) => void;
}

/**
 * The sortable questions (ADR 0019): dragged with the pointer or, from a row's handle, with the keyboard (space
 * or enter picks up, arrows move, space or enter drops, escape cancels), each step announced to screen readers.
 */
export function QuestionList({
  questions,
  answers,
  canEdit,
  canDelete,
  lockReason,
  onMove,
  onChange,
  onDelete,
}: QuestionListProps) {
  const { t } = useLingui();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = questions.map((q) => q.key);
  const position = (id: UniqueIdentifier) => keys.indexOf(String(id)) + 1;
  const count = questions.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t`Picked up question ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? t`Question ${position(active.id)} is over position ${position(over.id)} of ${count}.`
        : t`Question ${position(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? t`Question ${position(active.id)} was dropped at position ${position(over.id)} of ${count}.`
        : t`Question ${position(active.id)} was dropped.`,
    onDragCancel: ({ active }) => t`Moving question ${position(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t`To pick up a question, press space or enter. Use the up and down arrow keys to move it. Press space or enter again to drop it in its new position, or press escape to cancel.`,
        },
      }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <Stack gap="2" data-testid={'questions-list'}>
          {questions.map((question, index) => (
            <QuestionRow
              key={question.key}
              question={question}
              index={index}
              answers={answers}
              canEdit={canEdit}
              canDelete={canDelete}
              lockReason={lockReason}
              onChange={(change) => onChange(question.key, change)}
              onDelete={() => onDelete(question)}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
