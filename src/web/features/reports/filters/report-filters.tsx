import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useFormState } from 'react-final-form';
import { LuDownload } from 'react-icons/lu';
import { DATE_PATTERN, startAfterEnd } from '../../../../shared/report-time';
import {
  DEFAULT_TIMEZONE_OPTION,
  DEFAULT_TIMEZONE_VALUE,
  TIMEZONE_OPTIONS,
  timezoneOption,
} from '../../../../shared/timezone-options';
import { getErrorMessage } from '../../../api/error-message';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { clock } from '../../../lib/clock';
import { formatIn, offsetChangesBetween, offsetFrom, todayIn } from '../../../lib/zoned-time/zoned-time';
import type { ReportTimeZone } from '../../../api/generated/execution-service';

/** The values every report filter has (docs/product/reports.md#filters): the display time zone and a day range. */
export interface DateRangeValues {
  /** The time zone option's value (default 6, Pacific). */
  timezone: string;
  /** YYYY-MM-DD. */
  startDate: string;
  endDate: string;
}

/** Page size of the report lists (docs/product/reports.md#limits). */
export const REPORT_PAGE_SIZE = 10;

export const DEFAULT_TIMEZONE = String(DEFAULT_TIMEZONE_VALUE);

/**
 * The IANA zone of a time zone option (Pacific for an unknown value): what the report calls send as timeZone, whose
 * contract enum is the options' zones (src/server/platform/display-time.test.ts checks it).
 */
export const zoneOf = (timezone: string): ReportTimeZone =>
  (timezoneOption(timezone) ?? DEFAULT_TIMEZONE_OPTION).zone as ReportTimeZone;

/** Today in the time zone option's zone (YYYY-MM-DD). */
export const todayAt = (timezone: string): string => todayIn(zoneOf(timezone), clock.now());

/**
 * What the report calls send as displayTimeZone (docs/product/reports.md#time-offsets): the offset of the option's
 * zone when the start day starts there (today when the range has no start), by the zone's daylight-saving rules. The
 * calls send the zone too (timeZone, ADR 0101), by which our server reads the days and writes the times; a backend
 * that implements only the specification's offset reads them at this one.
 */
export const offsetOf = ({ timezone, startDate }: Pick<DateRangeValues, 'timezone' | 'startDate'>): string =>
  offsetFrom(zoneOf(timezone), startDate, clock.now());

/** The account, project, days and search a filter panel holds (the call tabs and the Results tab). */
export interface AccountWindowValues extends DateRangeValues {
  /** '' is every account the provider may see (or the call tabs' default). */
  tenantId: string;
  projectId: string;
  search: string;
}

/** What a report call sends for the account, project, time zone, days and search (docs/product/reports.md#filters). */
export function accountWindowQuery(values: AccountWindowValues) {
  return {
    ...(values.tenantId && { tenantId: Number(values.tenantId) }),
    ...(values.projectId && { projectId: Number(values.projectId) }),
    displayTimeZone: offsetOf(values),
    timeZone: zoneOf(values.timezone),
    startDate: values.startDate,
    endDate: values.endDate,
    ...(values.search.trim() && { search: values.search.trim() }),
  };
}

/** The form-level rule of every date range: 'End Date must be greater than Start Date' (Apply disabled). */
export function dateRangeErrors(values: DateRangeValues, message: string): Record<string, string> {
  if (!values.startDate) return { startDate: message };
  if (!values.endDate) return { endDate: message };
  return startAfterEnd(values.startDate, values.endDate) ? { endDate: message } : {};
}

const TIMEZONES = TIMEZONE_OPTIONS.map((option) => ({ value: String(option.value), label: option.label }));

/** Time zone, Start Date and End Date of a report filter, with the range message under them. */
export function DateRangeFields({ testId }: { testId: string }) {
  const { t } = useLingui();
  const { values } = useFormState<DateRangeValues>({ subscription: { values: true } });
  return (
    <>
      <Stack gap="1">
        <SelectField name="timezone" label={t`Timezone`} options={TIMEZONES} testId={`${testId}-timezone`} />
        <OffsetHint values={values} testId={testId} />
      </Stack>
      <TextField name="startDate" type="date" label={t`Start Date`} testId={`${testId}-start`} />
      <Stack gap="1">
        <TextField name="endDate" type="date" label={t`End Date`} testId={`${testId}-end`} />
        {startAfterEnd(values.startDate, values.endDate) ? (
          <Text color="fg.error" fontSize="sm" data-testid={`${testId}-range-error`}>
            {t`End Date must be greater than Start Date`}
          </Text>
        ) : null}
      </Stack>
    </>
  );
}

/** The offset the chosen zone has on the chosen days, and when daylight saving time changes it inside them. */
function OffsetHint({ values, testId }: { values: DateRangeValues; testId: string }) {
  const { t } = useLingui();
  const startDate = DATE_PATTERN.test(values.startDate) ? values.startDate : todayAt(values.timezone);
  const endDate = DATE_PATTERN.test(values.endDate) ? values.endDate : startDate;
  const zone = zoneOf(values.timezone);
  const offset = offsetOf({ timezone: values.timezone, startDate });
  const changes = startDate <= endDate ? offsetChangesBetween(zone, startDate, endDate) : [];
  const after = changes.map(({ at, to }) => {
    const when = formatIn(at, zone).slice(0, 16);
    return t`UTC${to} from ${when}`;
  });
  const later = after.join(', ');
  return (
    <Text color="fg.muted" fontSize="sm" data-testid={`${testId}-offset`}>
      {later ? t`On these dates: UTC${offset}, then ${later}` : t`On these dates: UTC${offset}`}
    </Text>
  );
}

/** The filter panel's layout: the fields in a grid, Apply and the panel's other actions under them. */
export function FilterPanel({
  children,
  actions,
  applyDisabled,
  testId,
}: {
  children: ReactNode;
  actions?: ReactNode;
  applyDisabled: boolean;
  testId: string;
}) {
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" data-testid={`${testId}-filters`}>
      <SimpleGrid columns={{ base: 1, md: 3, xl: 4 }} gap="3">
        {children}
      </SimpleGrid>
      <HStack justify="flex-end" gap="3">
        {actions}
        <Button type="submit" colorPalette="brand" disabled={applyDisabled} data-testid={`${testId}-apply`}>
          <Trans>Apply</Trans>
        </Button>
      </HStack>
    </Stack>
  );
}

/** An export action: busy while the file is produced, the failure in an error alert (the file saves itself). */
export function ExportButton({
  label,
  onExport,
  disabled,
  testId,
}: {
  label: ReactNode;
  onExport: () => Promise<unknown>;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await onExport();
    } catch (failure) {
      setError(getErrorMessage(failure, t`Something went wrong`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="2">
      <Button variant="outline" loading={busy} disabled={disabled} onClick={() => void run()} data-testid={testId}>
        <LuDownload />
        {label}
      </Button>
      {error ? <ErrorAlert message={error} onDismiss={() => setError(null)} testId={`${testId}-error`} /> : null}
    </Stack>
  );
}
