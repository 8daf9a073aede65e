import { Badge } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import {
  useGetTenantAttributesQuery,
  useLazyExportUserReportQuery,
  useListUserReportQuery,
  type UserReportQuery,
  type UserReportRecord,
} from '../../../api/generated/user-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { serverSortOf } from '../../../components/data-grid/server-sort';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { useAccountOptions } from '../filters/account-project-fields';
import {
  DateRangeFields,
  DEFAULT_TIMEZONE,
  offsetOf,
  todayAt,
  zoneOf,
  type DateRangeValues,
} from '../filters/report-filters';
import { ReportTab } from '../filters/report-tab';
import { useReportFilter } from '../filters/use-report-filter';

/** The users report starts on this day by default (docs/product/reports.md#limits). */
export const USERS_REPORT_DEFAULT_START = '2020-01-01';

interface UsersFilterValues extends DateRangeValues {
  /** '' is every account the user may see. */
  tenantId: string;
  userStatus: string[];
  accountTypeIds: string[];
  search: string;
}

type Sort = Pick<UserReportQuery, 'sortBy' | 'sortDirection'>;
const DEFAULT_SORT: Sort = { sortBy: 'accountName', sortDirection: 'asc' };
const sortOf = serverSortOf<Sort>(['username', 'email', 'login_ts', 'create_ts', 'accountName'], DEFAULT_SORT);

export function usersQuery(values: UsersFilterValues): UserReportQuery {
  return {
    from_date: values.startDate,
    to_date: values.endDate,
    displayTimeZone: offsetOf(values),
    timeZone: zoneOf(values.timezone),
    ...(values.tenantId && { tenant_id: Number(values.tenantId) }),
    ...(values.search.trim() && { search: values.search.trim() }),
    ...(values.userStatus.length && { user_status: values.userStatus as UserReportQuery['user_status'] }),
    ...(values.accountTypeIds.length && { account_type_id: values.accountTypeIds.map(Number) }),
  };
}

/**
 * Users report (docs/product/reports.md#users-report): account, status, time zone, the creation day range
 * (2020-01-01 to today by default), search, account type, Apply, Export Records; the server-paged users.
 */
export function UsersReportTab() {
  const { t } = useLingui();
  const accountOptions = useAccountOptions();
  const attributes = useGetTenantAttributesQuery({ languageId: 1 });
  const [exportUsers] = useLazyExportUserReportQuery();
  const initialValues = useMemo<UsersFilterValues>(
    () => ({
      tenantId: '',
      timezone: DEFAULT_TIMEZONE,
      startDate: USERS_REPORT_DEFAULT_START,
      endDate: todayAt(DEFAULT_TIMEZONE),
      userStatus: [],
      accountTypeIds: [],
      search: '',
    }),
    [],
  );
  const { applied, paging, apply } = useReportFilter({
    initialValues,
    queryOf: usersQuery,
    sort: DEFAULT_SORT,
  });
  const users = useListUserReportQuery({
    userReportQuery: { ...applied, ...paging.sort, page: paging.page, page_size: paging.pageSize },
  });
  const total = users.data?.totalRecords ?? 0;

  const accountTypes = (attributes.data?.tenantAttributes['ACCOUNT_TYPE'] ?? []).map((a) => ({
    value: String(a.attributeId),
    label: a.description,
  }));
  const statuses = [
    { value: 'Inactive', label: t`Inactive` },
    { value: 'Active', label: t`Active` },
  ];

  const columns = useMemo<DataGridColumn<UserReportRecord>[]>(() => {
    const status = ({ value }: { value?: string }) => (
      <Badge colorPalette={value === 'Active' ? 'green' : 'gray'}>{value === 'Active' ? t`Active` : t`Inactive`}</Badge>
    );
    return [
      { colId: 'username', field: 'username', headerName: t`User Name` },
      { colId: 'roleName', field: 'roleName', headerName: t`Role`, sortable: false },
      { colId: 'title', field: 'title', headerName: t`Title`, sortable: false },
      { colId: 'email', field: 'email', headerName: t`User Email` },
      { colId: 'userStatus', field: 'userStatus', headerName: t`User Status`, sortable: false, cellRenderer: status },
      {
        colId: 'login_ts',
        field: 'lastLoginString',
        headerName: t`Last Login`,
      },
      { colId: 'accountType', field: 'accountType', headerName: t`Account Type`, sortable: false },
      {
        colId: 'accountStatus',
        field: 'accountStatus',
        headerName: t`Account Status`,
        sortable: false,
        cellRenderer: status,
      },
      { colId: 'accountName', field: 'accountName', headerName: t`Customer Name`, sort: 'asc' },
    ];
  }, [t]);

  return (
    <ReportTab<UsersFilterValues, UserReportRecord, Sort>
      tabTestId="users-report"
      testId="users-report"
      initialValues={initialValues}
      onApply={(values) => apply(values, users.refetch)}
      exportLabel={<Trans>Export Records</Trans>}
      onExport={() => exportUsers({ userReportQuery: { ...applied, ...paging.sort } }).unwrap()}
      fields={
        <>
          <SelectField
            name="tenantId"
            label={t`Account`}
            options={accountOptions}
            placeholder={accountOptions.length > 1 ? t`All accounts` : undefined}
            disabled={accountOptions.length < 2}
            testId="users-report-account"
          />
          <CheckboxGroupField
            name="userStatus"
            label={t`User Status`}
            options={statuses}
            testId="users-report-status"
          />
          <DateRangeFields testId="users-report" />
          <TextField name="search" label={t`Email`} placeholder={t`Search by email`} testId="users-report-search" />
          {accountTypes.length ? (
            <CheckboxGroupField
              name="accountTypeIds"
              label={t`Account Type`}
              options={accountTypes}
              testId="users-report-account-type"
            />
          ) : null}
        </>
      }
      grid={{
        query: users,
        rows: users.data?.userRecords,
        total,
        paging,
        sortOf,
        columns,
        rowId: (row) => String(row.userId),
        summary: ({ page, pages }) => (
          <Trans>
            Page {page} of {pages} ({total} users)
          </Trans>
        ),
      }}
    />
  );
}
