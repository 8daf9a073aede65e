import { Button, Card, Checkbox, Field, HStack, Input, NativeSelect, Stack, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ResultColumn } from '../../api/generated/execution-service';
import { TIMEZONE_OPTIONS } from '../../../shared/timezone-options';
import { MultiSelectFilter } from '../../components/form/multi-select-filter';
import type { EvaluationCode, ResultFilters, ResultSearch } from './results-query';

interface FiltersCardProps {
  applied: ResultFilters;
  initial: ResultFilters;
  riskCodes: readonly EvaluationCode[];
  questions: readonly ResultColumn[];
  languages: readonly { value: number; label: string }[];
  onApply: (filters: ResultFilters) => void;
}

/**
 * The Filters card (docs/product/project-results.md#filters): Overall Risk, Question (and the results
 * it should have), Language, From/To, the 'hide reviewed IRN' switch; Apply sends them, Reset filters goes back to
 * the defaults. Plug point: the Created By filter arrives with the results upload (issue 14).
 */
export function FiltersCard({ applied, initial, riskCodes, questions, languages, onApply }: FiltersCardProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(applied);
  const codeOptions = riskCodes.map((code, index) => ({ id: index, label: code }));
  const codesOf = (indexes: number[]) => indexes.map((i) => riskCodes[i]!).filter(Boolean);
  const indexesOf = (codes: readonly EvaluationCode[]) =>
    codes.map((code) => riskCodes.indexOf(code)).filter((i) => i >= 0);
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap="3">
          <Wrap gap="4" align="flex-end">
            <MultiSelectFilter
              label={t`Overall Risk`}
              placeholder={t`All`}
              options={codeOptions}
              value={indexesOf(draft.riskLevels)}
              onChange={(ids) => setDraft({ ...draft, riskLevels: codesOf(ids) })}
              testId={'results-filter-risk'}
            />
            <Field.Root width={{ base: 'full', sm: '56' }}>
              <Field.Label>{t`Question`}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={draft.questionNumber === null ? '' : String(draft.questionNumber)}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setDraft({ ...draft, questionNumber: value ? Number(value) : null });
                  }}
                  data-testid={'results-filter-question'}
                >
                  <option value="">{t`All`}</option>
                  {questions.map((q) => (
                    <option key={q.sequence} value={q.sequence}>
                      {`Q${q.sequence}: ${q.questionText}`}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <MultiSelectFilter
              label={t`Question Risk`}
              placeholder={t`All`}
              options={codeOptions}
              value={indexesOf(draft.questionsRisk)}
              onChange={(ids) => setDraft({ ...draft, questionsRisk: codesOf(ids) })}
              testId={'results-filter-question-risk'}
            />
            <MultiSelectFilter
              label={t`Language`}
              placeholder={t`All`}
              options={languages.map((l) => ({ id: l.value, label: l.label }))}
              value={draft.languageIds}
              onChange={(ids) => setDraft({ ...draft, languageIds: ids })}
              testId={'results-filter-language'}
            />
            <Field.Root width="auto">
              <Field.Label>{t`From`}</Field.Label>
              <Input
                size="sm"
                type="date"
                value={draft.from}
                max={draft.to || undefined}
                onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
                data-testid={'results-filter-from'}
              />
            </Field.Root>
            <Field.Root width="auto">
              <Field.Label>{t`To`}</Field.Label>
              <Input
                size="sm"
                type="date"
                value={draft.to}
                min={draft.from || undefined}
                onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
                data-testid={'results-filter-to'}
              />
            </Field.Root>
          </Wrap>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Checkbox.Root
              checked={draft.hideReviewed}
              onCheckedChange={(details) => {
                const next = { ...draft, hideReviewed: details.checked === true };
                setDraft(next);
                onApply(next);
              }}
              data-testid={'results-hide-reviewed'}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t`hide reviewed IRN`}</Checkbox.Label>
            </Checkbox.Root>
            <HStack gap="2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setDraft(initial);
                  onApply(initial);
                }}
                data-testid={'results-reset'}
              >
                <Trans>Reset filters</Trans>
              </Button>
              <Button size="sm" colorPalette="brand" onClick={() => onApply(draft)} data-testid={'results-apply'}>
                <Trans>Apply</Trans>
              </Button>
            </HStack>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

interface SearchCardProps {
  value: ResultSearch;
  onChange: (search: ResultSearch) => void;
  /** tenant.project.resultshold.internal.read: the On Hold switch and the R and D buttons. */
  showHold: boolean;
  selectedCount: number;
  onRelease: () => void;
  onDelete: () => void;
}

/**
 * The Search card (docs/product/project-results.md#filters): IRN and name search, time zone, On Hold, R (release) and D
 * (delete).
 */
export function SearchCard({ value, onChange, showHold, selectedCount, onRelease, onDelete }: SearchCardProps) {
  const { t } = useLingui();
  const [text, setText] = useState(value.search);
  const apply = () => onChange({ ...value, search: text });
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Wrap gap="4" align="flex-end" justify="space-between">
          <HStack gap="2" align="flex-end">
            <Field.Root width={{ base: 'full', sm: '64' }}>
              <Field.Label>{t`Search by IRN or name`}</Field.Label>
              <Input
                size="sm"
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') apply();
                }}
                data-testid={'results-search'}
              />
            </Field.Root>
            <Button size="sm" variant="outline" onClick={apply} data-testid={'results-search-button'}>
              <Trans>Search</Trans>
            </Button>
          </HStack>
          <Field.Root width={{ base: 'full', sm: '72' }}>
            <Field.Label>{t`Timezone`}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={String(value.timezone)}
                onChange={(event) => onChange({ ...value, timezone: Number(event.currentTarget.value) })}
                data-testid={'results-timezone'}
              >
                {TIMEZONE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {showHold ? (
            <HStack gap="3">
              <Checkbox.Root
                checked={value.onHold}
                onCheckedChange={(details) => onChange({ ...value, onHold: details.checked === true })}
                data-testid={'results-on-hold'}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t`On Hold`}</Checkbox.Label>
              </Checkbox.Root>
              <Button
                size="sm"
                colorPalette="brand"
                disabled={selectedCount === 0}
                onClick={onRelease}
                title={t`Release`}
                aria-label={t`Release`}
                data-testid={'results-release'}
              >
                R
              </Button>
              <Button
                size="sm"
                colorPalette="red"
                disabled={selectedCount === 0}
                onClick={onDelete}
                title={t`Delete`}
                aria-label={t`Delete`}
                data-testid={'results-delete'}
              >
                D
              </Button>
            </HStack>
          ) : null}
        </Wrap>
      </Card.Body>
    </Card.Root>
  );
}
