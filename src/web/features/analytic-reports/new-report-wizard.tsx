import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Form, useFormState } from 'react-final-form';
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
import { clock } from '../../lib/clock';
import { dayOf, maySubmit, stepComplete, validateWizard, type WizardMessage, type WizardValues } from './wizard-rules';
import { TypeStep, RangeStep, AttributesStep, ReviewStep } from './wizard-steps';

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

/**
 * One object for every render: react-final-form compares initial values shallowly and resets the form when they
 * differ, so fresh arrays here wiped the entries whenever the page re-rendered (the history arriving, a failed submit).
 */
const INITIAL_VALUES: WizardValues = { projectId: [], attributes: [] };

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
      <Form<WizardValues> onSubmit={onSubmit} validate={validate} initialValues={INITIAL_VALUES}>
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
