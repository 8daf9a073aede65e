import { Box, Button, Checkbox, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useField, useForm, useFormState } from 'react-final-form';
import type { BusinessLineData, BusinessLineEntry } from '../../../api/generated/project-service';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { fieldError } from '../../../components/form/field-error';
import { FieldFrame } from '../../../components/form/field-frame';
import { TextField } from '../../../components/form/text-field';
import { testIds } from './test-ids';
import { FormSection } from './form-section';
import type { SectionProps } from './general-section';
import { tagList, type ProjectFormValues } from './project-form-values';
import { useDebouncedValue } from './use-debounced-value';

/**
 * docs/product/project-lookups.md#business-lines: "Cascading dropdowns apply a 100 ms delay": a level offers its
 * entries 100 ms after the choice above.
 */
export const CASCADE_DELAY_MS = 100;

const f = testIds;
type Item = BusinessLineData['items'][number];

/** The entries a level offers: the first level's roots, else the children of the entry chosen one level up. */
export function businessLineChoices(
  data: BusinessLineData,
  lines: readonly BusinessLineEntry[],
  index: number,
): Item[] {
  const level = data.levels[index]?.key;
  if (index === 0) return data.items.filter((item) => item.level === level && item.parentId === null);
  const above = data.items.find(
    (item) => item.level === data.levels[index - 1]?.key && item.value === lines[index - 1]?.value,
  );
  return above ? data.items.filter((item) => item.level === level && item.parentId === above.id) : [];
}

function LevelSelect({ index, data, disabled }: { index: number; data: BusinessLineData; disabled: boolean }) {
  const { t } = useLingui();
  const form = useForm<ProjectFormValues>();
  const { values } = useFormState<ProjectFormValues>({ subscription: { values: true } });
  const { meta } = useField(`businessLine[${index}].value`, {
    subscription: { error: true, touched: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const lines = values.businessLine;
  const above = index > 0 ? (lines[index - 1]?.value ?? null) : null;
  // The choice above as it was CASCADE_DELAY_MS ago: until it settles this level offers nothing new.
  const settledAbove = useDebouncedValue(above, CASCADE_DELAY_MS);
  const choices = settledAbove === above ? businessLineChoices(data, lines, index) : [];
  const level = data.levels[index]!;
  const choose = (value: string) => {
    const item = choices.find((choice) => choice.value === value);
    // A choice resets the levels below it (cascading dropdowns).
    const next = lines.map((line, i): BusinessLineEntry => {
      if (i === index) return { ...line, value: item?.value ?? null, label: item?.label ?? null };
      return i > index ? { ...line, value: null, label: null } : line;
    });
    form.change('businessLine', next);
    form.blur(`businessLine[${index}].value` as keyof ProjectFormValues);
  };
  return (
    <FieldFrame label={level.label} error={fieldError(meta)} disabled={disabled}>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={lines[index]?.value ?? ''}
          onChange={(event) => choose(event.currentTarget.value)}
          data-testid={f.businessLine(level.key)}
        >
          <option value="">{t`Select`}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldFrame>
  );
}

/**
 * Business Line (docs/product/project-lookups.md#business-lines): the cascade Industry → Business Unit →
 * Business Function → Use Case from the taxonomy (a level's entries follow the choice above after CASCADE_DELAY_MS),
 * each level required unless the line is optional; tags (at least
 * one when a level is 'other'); the optional switch for system-tenant users only.
 */
export function BusinessLineSection({ access, lookups, editable }: SectionProps & { editable: boolean }) {
  const { t } = useLingui();
  const form = useForm<ProjectFormValues>();
  const tags = useField<string>('tags', { subscription: { value: true } }).input.value;
  const disabled = !access.canSave || !editable;
  const data = lookups.businessLine;
  const chosen = tagList(tags ?? '');
  const suggestions = data.tags.filter((tag) => !chosen.includes(tag.value));
  return (
    <FormSection value="business-line" title={t`Business Line`} testId={f.section('business-line')}>
      {data.levels.map((level, index) => (
        <LevelSelect key={level.key} index={index} data={data} disabled={disabled} />
      ))}
      <Stack gap="2">
        <TextField name="tags" label={t`Tags`} helperText={t`Comma-separated`} disabled={disabled} testId={f.tags} />
        {suggestions.length > 0 && !disabled ? (
          <HStack gap="2" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              <Trans>Suggestions:</Trans>
            </Text>
            {suggestions.map((tag) => (
              <Button
                key={tag.value}
                size="xs"
                variant="outline"
                onClick={() => form.change('tags', [...chosen, tag.value].join(', '))}
              >
                {tag.label}
              </Button>
            ))}
          </HStack>
        ) : null}
      </Stack>
      {access.systemTenant ? <OptionalSwitch disabled={!access.canSave} levels={data.levels} /> : null}
    </FormSection>
  );
}

/**
 * The optional switch (system-tenant users, docs/product/project-form.md#languages-and-business-line-switches): turning
 * it off restores the saved lines; turning it on with several levels chosen asks first, then clears the lines.
 */
function OptionalSwitch({ disabled, levels }: { disabled: boolean; levels: BusinessLineData['levels'] }) {
  const { t } = useLingui();
  const form = useForm<ProjectFormValues>();
  const { values, initialValues } = useFormState<ProjectFormValues>({
    subscription: { values: true, initialValues: true },
  });
  const [asking, setAsking] = useState(false);
  const cleared = levels.map((level): BusinessLineEntry => ({
    value: null,
    label: null,
    currentFieldKey: level.key,
    currentFieldlabel: level.label,
  }));
  const makeOptional = () => {
    form.batch(() => {
      form.change('isBusinessLineOptional', true);
      form.change('businessLine', cleared);
    });
    setAsking(false);
  };
  const toggle = (optional: boolean) => {
    if (!optional) {
      form.batch(() => {
        form.change('isBusinessLineOptional', false);
        form.change('businessLine', initialValues?.businessLine ?? cleared);
      });
    } else if (values.businessLine.filter((line) => line.value).length > 1) setAsking(true);
    else makeOptional();
  };
  return (
    <Box alignSelf="center">
      <Checkbox.Root
        checked={values.isBusinessLineOptional}
        disabled={disabled}
        onCheckedChange={(details) => toggle(details.checked === true)}
        data-testid={f.businessLineOptional}
      >
        <Checkbox.HiddenInput name="isBusinessLineOptional" />
        <Checkbox.Control />
        <Checkbox.Label>{t`Business line is optional`}</Checkbox.Label>
      </Checkbox.Root>
      <ConfirmDialog
        open={asking}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>OK</Trans>}
        onCancel={() => setAsking(false)}
        onConfirm={makeOptional}
        testId={f.businessLineOptionalDialog}
        confirmTestId={f.businessLineOptionalConfirm}
      >
        <Text>
          <Trans>Making the business line optional clears the chosen business line. Continue?</Trans>
        </Text>
      </ConfirmDialog>
    </Box>
  );
}
