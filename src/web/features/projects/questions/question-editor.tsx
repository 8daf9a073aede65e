import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../api/error-message';
import {
  useApproveProjectQuestionsMutation,
  useDeleteProjectQuestionMutation,
  useLazyDownloadProjectQuestionsQuery,
  useSaveProjectQuestionsMutation,
  type ProjectDetail,
  type ProjectQuestionSet,
} from '../../../api/generated/project-service';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { UnsavedChangesModal } from '../../../components/navigation/unsaved-changes-modal';
import { useUnsavedChangesGuard } from '../../../components/navigation/use-unsaved-changes-guard';
import type { Permissions } from '../../../lib/permissions';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { expectedAnswersFor } from '../../../../shared/question-rules';
import { ApprovalLine } from './approval-line';
import {
  addQuestion,
  fromServer,
  isDirty,
  moveQuestion,
  reconcile,
  toInput,
  type QuestionDraft,
  type QuestionDrafts,
} from './question-drafts';
import { QuestionList } from './question-list';
import { useQuestionAccess } from './use-question-access';

interface QuestionEditorProps {
  project: ProjectDetail;
  permissions: Permissions;
  questionSet: ProjectQuestionSet;
}

type Feedback = { kind: 'success' | 'error'; message: string } | null;

/**
 * The questions editor (docs/product/project-questions.md#editor): rows edited in place, reordered by dragging,
 * Add, Save, Approve and Download, with the approval line, the locks and the messages of the specification.
 */
export function QuestionEditor({ project, permissions, questionSet }: QuestionEditorProps) {
  const { t } = useLingui();
  const tenantId = useOperatingTenantId();
  const [state, setState] = useState<QuestionDrafts>(() => reconcile(null, questionSet.questions));
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [deleting, setDeleting] = useState<QuestionDraft | null>(null);
  const [approving, setApproving] = useState(false);
  const newKeys = useRef(0);
  const [save, saving] = useSaveProjectQuestionsMutation();
  const [remove, removing] = useDeleteProjectQuestionMutation();
  const [approve, approvingCall] = useApproveProjectQuestionsMutation();
  const [download, downloading] = useLazyDownloadProjectQuestionsQuery();
  const access = useQuestionAccess(project, permissions, questionSet.questionsApproved);

  useEffect(() => setState((previous) => reconcile(previous, questionSet.questions)), [questionSet.questions]);

  const dirty = isDirty(state);
  const blocker = useUnsavedChangesGuard(dirty);
  const { drafts } = state;
  const valid = drafts.every((q) => q.questionText.trim() !== '');
  const edit = (next: (drafts: QuestionDraft[]) => QuestionDraft[]) =>
    setState((previous) => ({ ...previous, drafts: next(previous.drafts) }));
  const fail = (error: unknown) =>
    setFeedback({ kind: 'error', message: getErrorMessage(error, t`Something went wrong`) });

  /** Runs a call, then shows its success message or the server's message. */
  const attempt = async (call: () => Promise<unknown>, success: string) => {
    setFeedback(null);
    try {
      await call();
      setFeedback({ kind: 'success', message: success });
    } catch (error) {
      fail(error);
    }
  };

  const onSave = () =>
    attempt(
      async () => {
        const saved = await save({
          id: project.projectId,
          projectQuestionsInput: { projectId: project.projectId, tenantId: tenantId!, questions: toInput(drafts) },
        }).unwrap();
        const baseline = fromServer(saved);
        setState({ baseline, drafts: baseline });
      },
      drafts.some((q) => q.projectQuestionId === null)
        ? t`Question Created Successfully`
        : t`Questions Updated Successfully`,
    );

  const onDelete = async (question: QuestionDraft) => {
    setFeedback(null);
    if (question.projectQuestionId === null) {
      edit((current) => current.filter((q) => q.key !== question.key));
    } else {
      const questionId = question.projectQuestionId;
      await attempt(
        async () => {
          await remove({ id: project.projectId, questionId }).unwrap();
          setState((previous) => ({
            baseline: previous.baseline.filter((q) => q.key !== question.key),
            drafts: previous.drafts.filter((q) => q.key !== question.key),
          }));
        },
        t`Question Deleted Successfully`,
      );
    }
    setDeleting(null);
  };

  const onApprove = async () => {
    await attempt(() => approve({ id: project.projectId }).unwrap(), t`Questions Approved Successfully`);
    setApproving(false);
  };

  const onDownload = () =>
    attempt(() => download({ id: project.projectId }).unwrap(), t`Questions Downloaded Successfully`);

  const approveReason =
    access.approveLockReason ??
    (dirty
      ? t`Save your changes before approving.`
      : drafts.length === 0
        ? t`There are no questions to approve.`
        : null);

  return (
    <Stack gap="4" data-testid={'questions-tab'}>
      <Text fontSize="sm" color="fg.muted" data-testid={'questions-note'}>
        <Trans>Questions are not editable when a project enters execution stage.</Trans>
      </Text>
      {questionSet.questionsApproved ? (
        <ApprovalLine approvedBy={questionSet.questionsApprovedBy} approvedAt={questionSet.questionApprovedDateTime} />
      ) : null}
      {access.editLockReason ? (
        <Text fontSize="sm" color="fg.warning" data-testid={'questions-lock-reason'}>
          {access.editLockReason}
        </Text>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          disabled={!access.canAdd}
          title={access.editLockReason ?? undefined}
          onClick={() => {
            newKeys.current += 1;
            edit((current) => addQuestion(current, `new-${newKeys.current}`));
          }}
          data-testid={'questions-add'}
        >
          <Trans>Add</Trans>
        </Button>
        <Button
          size="sm"
          colorPalette="brand"
          disabled={!access.canSave || !dirty || !valid}
          loading={saving.isLoading}
          title={access.editLockReason ?? undefined}
          onClick={() => void onSave()}
          data-testid={'questions-save'}
        >
          <Trans>Save</Trans>
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!access.canApprove || approveReason !== null}
          title={approveReason ?? undefined}
          onClick={() => setApproving(true)}
          data-testid={'questions-approve'}
        >
          <Trans>Approve</Trans>
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={downloading.isFetching}
          onClick={() => void onDownload()}
          data-testid={'questions-download'}
        >
          <Trans>Download</Trans>
        </Button>
      </HStack>
      {feedback?.kind === 'success' ? <SuccessAlert message={feedback.message} testId={'questions-success'} /> : null}
      {feedback?.kind === 'error' ? (
        <ErrorAlert message={feedback.message} onDismiss={() => setFeedback(null)} testId={'questions-error'} />
      ) : null}
      {drafts.length === 0 ? (
        <Text color="fg.muted" data-testid={'questions-empty'}>
          <Trans>No questions yet</Trans>
        </Text>
      ) : (
        <QuestionList
          questions={drafts}
          answers={expectedAnswersFor(questionSet.questionnaireType)}
          canEdit={access.canSave}
          canDelete={access.canDelete}
          lockReason={access.editLockReason}
          onMove={(from, to) => edit((current) => moveQuestion(current, from, to))}
          onChange={(key, change) => edit((current) => current.map((q) => (q.key === key ? { ...q, ...change } : q)))}
          onDelete={setDeleting}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete question`}
        confirmLabel={t`Delete`}
        cancelLabel={t`Cancel`}
        tone="danger"
        busy={removing.isLoading}
        onConfirm={() => void (deleting && onDelete(deleting))}
        onCancel={() => setDeleting(null)}
        testId={'question-delete-dialog'}
        confirmTestId={'question-delete-confirm'}
      >
        <Trans>Do you really want to delete this question?</Trans>
      </ConfirmDialog>
      <ConfirmDialog
        open={approving}
        title={t`Approve questions`}
        confirmLabel={t`Approve`}
        cancelLabel={t`Cancel`}
        busy={approvingCall.isLoading}
        onConfirm={() => void onApprove()}
        onCancel={() => setApproving(false)}
        testId={'questions-approve-dialog'}
        confirmTestId={'questions-approve-confirm'}
      >
        <Trans>Do you really want to approve these questions?</Trans>
      </ConfirmDialog>
      <UnsavedChangesModal
        open={blocker.state === 'blocked'}
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </Stack>
  );
}
