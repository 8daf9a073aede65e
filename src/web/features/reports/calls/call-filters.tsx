import { useLingui } from '@lingui/react/macro';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { AccountProjectFields } from '../filters/account-project-fields';
import { DateRangeFields, DEFAULT_TIMEZONE, offsetOf, todayAt, type DateRangeValues } from '../filters/report-filters';

/** The filter of the call tabs (docs/product/call-reports.md#filters). */
export interface CallFilterValues extends DateRangeValues {
  tenantId: string;
  projectId: string;
  search: string;
  /** '' (any), '1' (0-60 s), '2' (60-240 s), '3' (more than 240 s): docs/product/call-reports.md#filters. */
  duration: string;
}

/**
 * The duration options of docs/product/call-reports.md#filters as the call's minDuration and maxDuration (0 is
 * unbounded).
 */
export const DURATION_BOUNDS: Record<string, { minDuration: number; maxDuration: number }> = {
  '': { minDuration: 0, maxDuration: 0 },
  '1': { minDuration: 0, maxDuration: 60 },
  '2': { minDuration: 60, maxDuration: 240 },
  '3': { minDuration: 241, maxDuration: 0 },
};

/** A new filter: the operating account, every project, the last 30 days to today at Pacific time. */
export function initialCallFilter(tenantId: number | null | undefined): CallFilterValues {
  const today = todayAt(DEFAULT_TIMEZONE);
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 30);
  return {
    tenantId: tenantId == null ? '' : String(tenantId),
    projectId: '',
    timezone: DEFAULT_TIMEZONE,
    startDate: start.toISOString().slice(0, 10),
    endDate: today,
    search: '',
    duration: '',
  };
}

/** What every call list sends for a filter. */
export function callQuery(values: CallFilterValues) {
  return {
    ...(values.tenantId && { tenantId: Number(values.tenantId) }),
    ...(values.projectId && { projectId: Number(values.projectId) }),
    displayTimeZone: offsetOf(values),
    startDate: values.startDate,
    endDate: values.endDate,
    ...(values.search.trim() && { search: values.search.trim() }),
    ...DURATION_BOUNDS[values.duration],
  };
}

/**
 * Account (the provider chooses any one account, docs/product/call-reports.md#accounts; everyone else the operating
 * one), project of that account (a new account clears it), time zone, days, search and call duration.
 */
export function CallFilterFields({ testId, searchLabel }: { testId: string; searchLabel: string }) {
  const { t } = useLingui();
  return (
    <>
      <AccountProjectFields testId={testId} providerChoice allAccounts={false} />
      <DateRangeFields testId={testId} />
      <TextField name="search" label={t`Search`} placeholder={searchLabel} testId={`${testId}-search`} />
      <SelectField
        name="duration"
        label={t`Call Duration`}
        options={[
          { value: '1', label: t`Less than 1 minute` },
          { value: '2', label: t`Between 1 and 4 minutes` },
          { value: '3', label: t`More than 4 minutes` },
        ]}
        placeholder={t`Any duration`}
        testId={`${testId}-duration`}
      />
    </>
  );
}
