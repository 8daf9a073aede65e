import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { dateRangeErrors, FilterPanel, type DateRangeValues } from './report-filters';

interface ReportFilterFormProps<Values extends DateRangeValues> {
  /** Test ids: `<testId>-filters` and `<testId>-apply` (FilterPanel). */
  testId: string;
  initialValues: Values;
  onApply: (values: Values) => void;
  /** Beside Apply: the report's exports. */
  actions?: ReactNode;
  /** The report's fields. */
  children: ReactNode;
}

/**
 * The one filter panel of the report tabs (docs/product/reports.md#filters): the report's fields in a grid, Apply
 * disabled while the day range is wrong ('End Date must be greater than Start Date'), and the report's exports.
 */
export function ReportFilterForm<Values extends DateRangeValues>({
  testId,
  initialValues,
  onApply,
  actions,
  children,
}: ReportFilterFormProps<Values>) {
  const { t } = useLingui();
  return (
    <Form<Values>
      initialValues={initialValues}
      validate={(values) => dateRangeErrors(values, t`End Date must be greater than Start Date`)}
      onSubmit={onApply}
      render={({ handleSubmit, invalid }) => (
        <form onSubmit={(event) => void handleSubmit(event)}>
          <FilterPanel testId={testId} applyDisabled={invalid ?? false} actions={actions}>
            {children}
          </FilterPanel>
        </form>
      )}
    />
  );
}
