import { Button, Grid, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useAddResultFollowUpMutation, useListFollowUpOptionsQuery } from '../../api/generated/execution-service';
import { ErrorAlert } from '../feedback/error-alert';
import { QueryFailure } from '../feedback/load-failure';
import { SuccessAlert } from '../feedback/success-alert';
import { FieldFrame } from '../form/field-frame';
import { clock } from '../../lib/clock';
import {
  formatAmount,
  latestFollowUpDay,
  outcomeProblems,
  parseAmount,
  type OutcomeField,
} from '../../../shared/outcome-rules';
import { ResultModal } from './result-modal';
import { OutcomeHistory } from './outcome-history';
import { actionText, OUTCOME_PROBLEM_TEXTS, statusText } from './outcome-texts';
import { accountOf, resultName, type ResultRef } from './result-ref';
import { EMPTY_DRAFT, maxFollowUpDay, numberOr, todayOf, utcOf, type Draft } from './outcome-draft';

interface OutcomeModalProps {
  result: ResultRef;
  /** result.follow.up.note.add: without it the form is read-only (docs/product/project-results.md#route). */
  canAdd: boolean;
  onClose: () => void;
}

/**
 * Outcome tracking of a result (docs/product/project-results.md#outcome-tracking "Follow-up",
 * docs/product/project-results.md#outcome-tracking): the form (status, follow-up status, date at most two days ahead,
 * currency and amount, notes) and the history, newest first. The amount is disabled without a currency and cleared with
 * it; the rules are src/shared/outcome-rules.ts.
 */
export function OutcomeModal({ result, canAdd, onClose }: OutcomeModalProps) {
  const { t, i18n } = useLingui();
  const options = useListFollowUpOptionsQuery(accountOf(result));
  const [add, adding] = useAddResultFollowUpMutation();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [submitted, setSubmitted] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const today = todayOf(clock.now());
  const maxDay = maxFollowUpDay(today);
  const currencies = options.data?.CURRENCY ?? [];
  const irn = resultName(result);

  const amount = parseAmount(draft.amount);
  const problems = outcomeProblems(
    {
      outcomeTrackingActionId: numberOr(draft.action),
      followUpStatusId: numberOr(draft.status),
      followUpDate: draft.date ? utcOf(draft.date) : null,
      note: draft.note,
      currency: numberOr(draft.currency),
      amount: amount !== null && Number.isNaN(amount) ? Number.NaN : amount,
    },
    { latestDay: latestFollowUpDay(utcOf(today)) },
  );
  const errorOf = (field: OutcomeField) => {
    const problem = submitted ? problems.find((p) => p.field === field) : undefined;
    return problem ? i18n._(OUTCOME_PROBLEM_TEXTS[problem.code]) : undefined;
  };
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const onSave = async () => {
    setSubmitted(true);
    setNotice(null);
    if (problems.length) {
      setNotice({ tone: 'error', text: t`Please fill all mandatory fileds` });
      return;
    }
    const answer = await add({
      ...accountOf(result),
      followUpPost: {
        resultId: result.interviewResultId,
        outcomeTrackingActionId: Number(draft.action),
        followUpStatusId: numberOr(draft.status),
        followUpDate: utcOf(draft.date),
        note: draft.note.trim(),
        currency: numberOr(draft.currency),
        amount,
      },
    });
    if ('error' in answer) {
      setNotice({ tone: 'error', text: t`We are unable to process this request!` });
      return;
    }
    setDraft(EMPTY_DRAFT);
    setSubmitted(false);
    setNotice({ tone: 'success', text: t`Outcome saved.` });
  };

  const select = (
    field: keyof Draft,
    values: readonly { attributeId: number; label: string }[],
    testId: string,
    onChange?: (value: string) => void,
  ) => (
    <NativeSelect.Root>
      <NativeSelect.Field
        value={draft[field]}
        onChange={(event) => (onChange ? onChange(event.target.value) : set({ [field]: event.target.value }))}
        data-testid={testId}
      >
        <option value="">{t`Select`}</option>
        {values.map((v) => (
          <option key={v.attributeId} value={String(v.attributeId)}>
            {v.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );

  return (
    <ResultModal
      title={<Trans>Outcome Tracking: {irn}</Trans>}
      onClose={onClose}
      busy={adding.isLoading}
      size="xl"
      testId="outcome-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={adding.isLoading}>
            <Trans>Close</Trans>
          </Button>
          {canAdd ? (
            <Button
              colorPalette="brand"
              loading={adding.isLoading}
              disabled={!options.data}
              onClick={() => void onSave()}
              data-testid="outcome-save"
            >
              <Trans>Save</Trans>
            </Button>
          ) : null}
        </>
      }
    >
      <Stack gap="4">
        {notice?.tone === 'success' ? <SuccessAlert message={notice.text} testId="outcome-success" /> : null}
        {notice?.tone === 'error' ? (
          <ErrorAlert message={notice.text} onDismiss={() => setNotice(null)} testId="outcome-error" />
        ) : null}
        {options.error ? <QueryFailure query={options} testId="outcome-options-error" /> : null}
        {canAdd ? (
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
            <FieldFrame label={t`Status`} error={errorOf('outcomeTrackingActionId')} required>
              {select(
                'action',
                (options.data?.OUTCOME_TRACKING_ACTION ?? []).map((o) => ({
                  attributeId: o.attributeId,
                  label: actionText(i18n, o.attributeId, o.description),
                })),
                'outcome-action',
              )}
            </FieldFrame>
            <FieldFrame label={t`Follow-up Status`} error={errorOf('followUpStatusId')}>
              {select(
                'status',
                (options.data?.RESULT_FOLLOW_UP_STATUS ?? []).map((o) => ({
                  attributeId: o.attributeId,
                  label: statusText(i18n, o.attributeId, o.description),
                })),
                'outcome-status',
              )}
            </FieldFrame>
            <FieldFrame label={t`Date`} error={errorOf('followUpDate')} required>
              <Input
                type="date"
                max={maxDay}
                value={draft.date}
                onChange={(event) => set({ date: event.target.value })}
                data-testid="outcome-date"
              />
            </FieldFrame>
            <FieldFrame label={t`Currency`} error={errorOf('currency')}>
              {select(
                'currency',
                currencies.map((c) => ({ attributeId: c.attributeId, label: c.description })),
                'outcome-currency',
                // Clearing the currency clears the amount (docs/product/project-results.md#outcome-tracking).
                (value) => set(value === '' ? { currency: '', amount: '' } : { currency: value }),
              )}
            </FieldFrame>
            <FieldFrame
              label={t`Amount`}
              error={errorOf('amount')}
              required={draft.currency !== ''}
              disabled={draft.currency === ''}
            >
              <Input
                inputMode="decimal"
                value={draft.amount}
                onChange={(event) => set({ amount: event.target.value })}
                onBlur={() => {
                  const parsed = parseAmount(draft.amount);
                  if (parsed !== null && !Number.isNaN(parsed)) set({ amount: formatAmount(parsed) });
                }}
                data-testid="outcome-amount"
              />
            </FieldFrame>
            <FieldFrame label={t`Notes`} error={errorOf('note')} required>
              <Textarea
                rows={3}
                value={draft.note}
                onChange={(event) => set({ note: event.target.value })}
                data-testid="outcome-note"
              />
            </FieldFrame>
          </Grid>
        ) : null}
        <OutcomeHistory resultId={result.interviewResultId} tenantId={result.tenantId} />
      </Stack>
    </ResultModal>
  );
}
