import { Badge, Box, Button, Checkbox, DataList, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Form, useField, useForm, useFormState } from 'react-final-form';
import { LuCheck } from 'react-icons/lu';
import { getErrorMessage } from '../../api/error-message';
import {
  useListAnalyticReportProjectsQuery,
  useListAnalyticReportTypesQuery,
  useSubmitAnalyticReportMutation,
  type AnalyticReportType,
  type AnalyticReportTypeKey,
} from '../../api/generated/data-service';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { LoadingState } from '../../components/feedback/loading-state';
import { QueryFailure } from '../../components/feedback/load-failure';
import { CheckboxGroupField } from '../../components/form/checkbox-group-field';
import { FieldFrame } from '../../components/form/field-frame';
import { TextField } from '../../components/form/text-field';
import { clock } from '../../lib/clock';
import {
  dayOf,
  generateReportName,
  maxEndDate,
  maySubmit,
  selectAllState,
  stepComplete,
  validateWizard,
  type WizardMessage,
  type WizardValues,
} from './wizard-rules';

const MESSAGES: Record<WizardMessage, MessageDescriptor> = {
  'Report type is required': msg`Report type is required`,
  'At least one item is required': msg`At least one item is required`,
  'This field is required': msg`This field is required`,
  'End date must be greater': msg`End date must be greater`,
  'At least one column must be selected': msg`At least one column must be selected`,
  'Report name is required': msg`Report name is required`,
  'Start date cannot be later than today': msg`Start date cannot be later than today`,
  'End date is later than allowed': msg`End date is later than allowed`,
};

const STEPS = [msg`Select Report Type`, msg`Date Range and Project`, msg`Select Attributes`, msg`Review and Submit`];

interface NewReportWizardProps {
  onDone: (reportName: string) => void;
  onCancel: () => void;
}

/** The New Report wizard (docs/product/analytic-reports.md#wizard): four steps, one final-form form. */
export function NewReportWizard({ onDone, onCancel }: NewReportWizardProps) {
  const { i18n } = useLingui();
  const types = useListAnalyticReportTypesQuery();
  const projects = useListAnalyticReportProjectsQuery();
  const [submit] = useSubmitAnalyticReportMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const today = dayOf(clock.now());

  if (types.isLoading || projects.isLoading) return <LoadingState />;
  if (types.error) return <QueryFailure query={types} />;
  if (projects.error) return <QueryFailure query={projects} />;

  const validate = (values: WizardValues) => {
    const errors = validateWizard(values, dayOf(clock.now()));
    return Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, i18n._(MESSAGES[text])]));
  };

  const onSubmit = async (values: WizardValues) => {
    setFailure(null);
    const result = await submit({
      analyticReportRequest: {
        reportType: values.reportType as AnalyticReportTypeKey,
        reportName: values.reportName!.trim(),
        projectId: values.projectId!.map(Number),
        startDate: values.startDate!,
        endDate: values.endDate!,
        attributes: values.attributes!,
      },
    });
    if ('error' in result) setFailure(getErrorMessage(result.error, i18n._(msg`Something went wrong`)));
    else onDone(result.data.reportName);
  };

  return (
    <Box data-testid="analytic-report-wizard">
      {failure ? <ErrorAlert message={failure} onDismiss={() => setFailure(null)} /> : null}
      <Form<WizardValues> onSubmit={onSubmit} validate={validate} initialValues={{ projectId: [], attributes: [] }}>
        {({ handleSubmit }) => (
          <form onSubmit={(event) => void handleSubmit(event)} noValidate>
            <WizardSteps
              types={types.data?.response.data ?? []}
              projects={projects.data?.projects ?? []}
              today={today}
              onCancel={onCancel}
            />
          </form>
        )}
      </Form>
    </Box>
  );
}

interface WizardStepsProps {
  types: AnalyticReportType[];
  projects: { projectId: number; projectName: string }[];
  today: string;
  onCancel: () => void;
}

function WizardSteps({ types, projects, today, onCancel }: WizardStepsProps) {
  const { i18n } = useLingui();
  const [step, setStep] = useState(0);
  const { errors, valid, dirty, submitting, values } = useFormState<WizardValues>({
    subscription: { errors: true, valid: true, dirty: true, submitting: true, values: true },
  });
  const complete = (index: number) => stepComplete(index, errors ?? {});
  const type = types.find((t) => t.reportType === values.reportType);
  const last = step === STEPS.length - 1;
  return (
    <Stack gap="6">
      <HStack as="ol" gap="4" wrap="wrap" aria-label={i18n._(msg`Steps`)}>
        {STEPS.map((label, index) => (
          <HStack
            as="li"
            key={index}
            gap="2"
            data-testid={`analytic-report-step-${index}`}
            data-current={index === step ? 'true' : undefined}
            aria-current={index === step ? 'step' : undefined}
          >
            <Badge colorPalette={index < step && complete(index) ? 'green' : index === step ? 'blue' : 'gray'}>
              {index < step && complete(index) ? <LuCheck aria-label={i18n._(msg`Completed`)} /> : index + 1}
            </Badge>
            <Text fontWeight={index === step ? 'semibold' : 'normal'}>{i18n._(label)}</Text>
          </HStack>
        ))}
      </HStack>

      {step === 0 ? <TypeStep types={types} /> : null}
      {step === 1 ? <RangeStep projects={projects} today={today} /> : null}
      {step === 2 && type ? <AttributesStep type={type} /> : null}
      {step === 3 && type ? <ReviewStep type={type} projects={projects} /> : null}

      <HStack justify="space-between">
        <Button type="button" variant="ghost" onClick={onCancel} data-testid="analytic-report-cancel">
          <Trans>Cancel</Trans>
        </Button>
        <HStack>
          <Button
            type="button"
            variant="outline"
            disabled={step === 0}
            onClick={() => setStep((s) => s - 1)}
            data-testid="analytic-report-back"
          >
            <Trans>Back</Trans>
          </Button>
          {/* Distinct keys: the browser must not finish Continue's click on a Submit button reusing its element. */}
          {last ? (
            <Button
              key="submit"
              type="submit"
              disabled={!maySubmit({ valid: valid === true, dirty: dirty === true, submitting: submitting === true })}
              loading={submitting}
              data-testid="analytic-report-submit"
            >
              <Trans>Submit</Trans>
            </Button>
          ) : (
            <Button
              key="continue"
              type="button"
              disabled={!complete(step)}
              onClick={() => setStep((s) => s + 1)}
              data-testid="analytic-report-continue"
            >
              <Trans>Continue</Trans>
            </Button>
          )}
        </HStack>
      </HStack>
    </Stack>
  );
}

function TypeStep({ types }: { types: AnalyticReportType[] }) {
  const { t } = useLingui();
  const form = useForm<WizardValues>();
  const { input } = useField<string>('reportType');
  const choose = (type: AnalyticReportType) => {
    if (input.value === type.reportType) return;
    form.batch(() => {
      input.onChange(type.reportType);
      // A new type has its own columns and its own generated name (002 §5).
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

function DateInput({
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

function RangeStep({ projects, today }: { projects: { projectId: number; projectName: string }[]; today: string }) {
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
          // Changing the start date clears the end date (002 §5).
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

function AttributesStep({ type }: { type: AnalyticReportType }) {
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

function ReviewStep({
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
