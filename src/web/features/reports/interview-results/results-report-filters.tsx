import { useLingui } from '@lingui/react/macro';
import type { ResultsReportQuery } from '../../../api/generated/execution-service';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { TextField } from '../../../components/form/text-field';
import { AccountProjectFields } from '../filters/account-project-fields';
import { accountWindowQuery, DateRangeFields, type AccountWindowValues } from '../filters/report-filters';

/** Page size of the reports Results tab (docs/product/results-report.md#console: 25, from page 0). */
export const RESULTS_REPORT_PAGE_SIZE = 25;
/** The default risk filter of the reports Results tab (docs/product/results-report.md#console). */
export const DEFAULT_RISK_LEVELS = ['HR', 'LR', 'AR', 'PR', 'NC', 'RJ'];
/** Codes sent as their own flags (docs/product/results-report.md#filters: CM, AD). */
const FLAGS = ['CM', 'AD'] as const;

export interface ResultsFilterValues extends AccountWindowValues {
  risk: string[];
  /** The held results instead of the released ones (docs/product/results-report.md#actions). */
  onHold: boolean;
}

export function resultsQuery(values: ResultsFilterValues): ResultsReportQuery {
  return {
    ...accountWindowQuery(values),
    riskLevels: values.risk.filter(
      (code) => !(FLAGS as readonly string[]).includes(code),
    ) as ResultsReportQuery['riskLevels'],
    CM: values.risk.includes('CM'),
    AD: values.risk.includes('AD'),
    ...(values.onHold && { released: false }),
  };
}

/**
 * Account (a choice for the provider), its projects, time zone, days, search, risk; a new account clears the project;
 * with tenant.project.resultshold.internal.read the On Hold choice.
 */
export function ResultsFilterFields({ showHold }: { showHold: boolean }) {
  const { t } = useLingui();
  const risks = [
    { value: 'HR', label: t`High Risk` },
    { value: 'LR', label: t`Low Risk` },
    { value: 'AR', label: t`Average Risk` },
    { value: 'PR', label: t`Potential Risk` },
    { value: 'NC', label: t`Not Completed` },
    { value: 'RJ', label: t`Rejected` },
    { value: 'CM', label: t`Countermeasures` },
    { value: 'AD', label: t`Admissions` },
  ];
  return (
    <>
      <AccountProjectFields testId="results-report" providerChoice />
      <DateRangeFields testId="results-report" />
      <TextField
        name="search"
        label={t`Search`}
        placeholder={t`IRN, access code or name`}
        testId="results-report-search"
      />
      <CheckboxGroupField name="risk" label={t`Overall Risk`} options={risks} testId="results-report-risk" />
      {showHold ? <CheckboxField name="onHold" label={t`On Hold`} testId="results-report-on-hold" /> : null}
    </>
  );
}
