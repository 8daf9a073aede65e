import { Checkbox, DataList, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useField, useForm, useFormState } from 'react-final-form';
import { type AnalyticReportType } from '../../api/generated/data-service';
import { CheckboxGroupField } from '../../components/form/checkbox-group-field';
import { FieldFrame } from '../../components/form/field-frame';
import { TextField } from '../../components/form/text-field';
import { clock } from '../../lib/clock';
import { generateReportName, maxEndDate, selectAllState, type WizardValues } from './wizard-rules';

/** Step 1 of the New Report wizard (docs/product/analytic-reports.md#wizard): one report type. */
export function TypeStep({ types }: { types: AnalyticReportType[] }) {
  const { t } = useLingui();
  const form = useForm<WizardValues>();
  const { input } = useField<string>('reportType');
  const choose = (type: AnalyticReportType) => {
    if (input.value === type.reportType) return;
    form.batch(() => {
      input.onChange(type.reportType);
      // A new type has its own columns and its own generated name (docs/product/analytic-reports.md#wizard).
      form.change('attributes', []);
      form.change('reportName', generateReportName(type.name, clock.now()));
    });
  };
  return (
    <Table.Root size="sm" interactive data-testid="analytic-report-types">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader w="12">
            <Text srOnly>{t`Selected`}</Text>
          </Table.ColumnHeader>
          <Table.ColumnHeader>{t`Report Type`}</Table.ColumnHeader>
          <Table.ColumnHeader>{t`Description`}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {types.map((type) => (
          <Table.Row
            key={type.reportType}
            cursor="pointer"
            onClick={() => choose(type)}
            data-testid={`analytic-report-type-${type.reportType}`}
            data-selected={input.value === type.reportType ? 'true' : undefined}
          >
            <Table.Cell>
              <Checkbox.Root
                checked={input.value === type.reportType}
                onCheckedChange={() => choose(type)}
                onClick={(event) => event.stopPropagation()}
              >
                <Checkbox.HiddenInput aria-label={type.name} />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.Cell>
            <Table.Cell>{type.name}</Table.Cell>
            <Table.Cell>{type.description}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export function DateInput({
  name,
  label,
  min,
  max,
  onChosen,
}: {
  name: string;
  label: string;
  min?: string;
  max: string;
  onChosen?: () => void;
}) {
  const { input, meta } = useField<string>(name);
  const error = meta.touched || meta.modified ? (meta.error as string | undefined) : undefined;
  return (
    <FieldFrame label={label} error={error} required>
      <Input
        type="date"
        name={input.name}
        value={input.value ?? ''}
        min={min}
        max={max}
        onChange={(event) => {
          input.onChange(event.target.value);
          onChosen?.();
        }}
        onBlur={() => input.onBlur()}
        data-testid={`analytic-report-${name}`}
      />
    </FieldFrame>
  );
}

export function RangeStep({
  projects,
  today,
}: {
  projects: { projectId: number; projectName: string }[];
  today: string;
}) {
  const { t } = useLingui();
  const form = useForm<WizardValues>();
  const { values } = useFormState<WizardValues>({ subscription: { values: true } });
  const options = useMemo(
    () => projects.map((p) => ({ value: String(p.projectId), label: p.projectName })),
    [projects],
  );
  return (
    <Stack gap="4">
      <HStack gap="4" align="flex-start" wrap="wrap">
        <DateInput
          name="startDate"
          label={t`Start Date`}
          max={today}
          // Changing the start date clears the end date (docs/product/analytic-reports.md#wizard).
          onChosen={() => form.change('endDate', undefined)}
        />
        <DateInput
          name="endDate"
          label={t`End Date`}
          min={values.startDate}
          max={values.startDate ? maxEndDate(values.startDate, today) : today}
        />
      </HStack>
      {options.length ? (
        <CheckboxGroupField
          name="projectId"
          label={t`Projects`}
          options={options}
          required
          testId="analytic-report-project"
        />
      ) : (
        <Text data-testid="analytic-report-no-projects">{t`There are no projects in this account.`}</Text>
      )}
    </Stack>
  );
}

export function AttributesStep({ type }: { type: AnalyticReportType }) {
  const { t } = useLingui();
  const { input, meta } = useField<string[]>('attributes');
  const chosen = Array.isArray(input.value) ? input.value : [];
  const all = type.attributes.map((a) => a.key);
  const allState = selectAllState(chosen, all);
  const toggle = (key: string, on: boolean) => {
    input.onChange(all.filter((k) => (k === key ? on : chosen.includes(k))));
    input.onBlur();
  };
  return (
    <Field.Root invalid={meta.touched && meta.error !== undefined}>
      <Stack gap="3" role="group" aria-label={t`Attributes`}>
        <Checkbox.Root
          checked={allState}
          onCheckedChange={() => {
            input.onChange(allState === true ? [] : all);
            input.onBlur();
          }}
          ids={{ hiddenInput: 'analytic-report-select-all', label: 'analytic-report-select-all-label' }}
          data-testid="analytic-report-select-all"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t`Select All`}</Checkbox.Label>
        </Checkbox.Root>
        <Stack gap="2" ps="6">
          {type.attributes.map((attribute) => (
            <Checkbox.Root
              key={attribute.key}
              checked={chosen.includes(attribute.key)}
              onCheckedChange={(details) => toggle(attribute.key, details.checked === true)}
              ids={{ hiddenInput: `analytic-attr-${attribute.key}`, label: `analytic-attr-${attribute.key}-label` }}
              data-testid={`analytic-report-attribute-${attribute.key}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{attribute.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
        {meta.touched && meta.error ? <Field.ErrorText>{meta.error as string}</Field.ErrorText> : null}
      </Stack>
    </Field.Root>
  );
}

export function ReviewStep({
  type,
  projects,
}: {
  type: AnalyticReportType;
  projects: { projectId: number; projectName: string }[];
}) {
  const { t } = useLingui();
  const { values } = useFormState<WizardValues>({ subscription: { values: true } });
  const projectNames = projects
    .filter((p) => values.projectId?.includes(String(p.projectId)))
    .map((p) => p.projectName)
    .join(', ');
  const columns = type.attributes
    .filter((a) => values.attributes?.includes(a.key))
    .map((a) => a.label)
    .join(', ');
  return (
    <Stack gap="4" data-testid="analytic-report-review">
      <TextField name="reportName" label={t`Report Name`} required testId="analytic-report-name" />
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>{t`Report Type`}</DataList.ItemLabel>
          <DataList.ItemValue>{type.name}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t`Date Range`}</DataList.ItemLabel>
          <DataList.ItemValue>
            {values.startDate} – {values.endDate}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t`Projects`}</DataList.ItemLabel>
          <DataList.ItemValue>{projectNames}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t`Attributes`}</DataList.ItemLabel>
          <DataList.ItemValue>{columns}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Stack>
  );
}
