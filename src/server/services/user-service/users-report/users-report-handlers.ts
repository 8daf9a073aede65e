import type { components, operations } from '../../../../contracts/user-service';
import { END_BEFORE_START_MESSAGE, startAfterEnd } from '../../../../shared/report-time';
import { displayTimeOf } from '../../../platform/display-time';
import { csvDownload, pagedRows } from '../../../platform/http/csv-download';
import { FieldErrors } from '../../../platform/http/field-errors';
import type { ServiceHandlers, TenantContext } from '../../../platform/openapi/handler';
import { countUserReportRows, listUserReportRows, type UserReportFilter } from './users-report-store';
import { toUserReportRecord, USER_REPORT_EXPORT_HEADER, userReportExportCells } from './users-report-rows';

type UserReportQuery = components['schemas']['UserReportQuery'];
type UsersReportHandlers = Pick<ServiceHandlers<operations>, 'listUserReport' | 'exportUserReport'>;

/** The account read (x-account-scope): one, or every account when the provider names none. */
const accountOf = (ctx: TenantContext): number | undefined => (ctx.everyAccount ? undefined : ctx.account.id);

function reportFilter(body: UserReportQuery, tenantId: number | undefined): UserReportFilter {
  const errors = new FieldErrors();
  if (startAfterEnd(body.from_date, body.to_date)) errors.add('to_date', END_BEFORE_START_MESSAGE);
  errors.throwIfAny();
  const time = displayTimeOf(body);
  const statuses = new Set(body.user_status ?? []);
  return {
    ...(tenantId !== undefined && { tenantId }),
    from: new Date(time.dayStart(body.from_date)),
    to: new Date(time.dayEnd(body.to_date)),
    ...(body.search?.trim() && { search: body.search.trim() }),
    ...(statuses.size === 1 && { active: statuses.has('Active') }),
    ...(body.account_type_id?.length && { accountTypeIds: body.account_type_id }),
    sortBy: body.sortBy ?? 'accountName',
    direction: body.sortDirection ?? 'asc',
  };
}

/** The UsersReport tag (docs/product/reports.md#users-report). */
export const usersReportHandlers: UsersReportHandlers = {
  async listUserReport({ body }, ctx) {
    const filter = reportFilter(body, accountOf(ctx));
    const limit = body.page_size ?? 10;
    const offset = (body.page ?? 0) * limit;
    const display = displayTimeOf(body);
    return ctx.inAccount(async (trx) => ({
      userRecords: (await listUserReportRows(trx, filter, { offset, limit })).map((row) =>
        toUserReportRecord(row, display),
      ),
      totalRecords: await countUserReportRows(trx, filter),
    }));
  },

  async exportUserReport({ body }, ctx) {
    const filter = reportFilter(body, accountOf(ctx));
    const display = displayTimeOf(body);
    return csvDownload(
      `usersreport_${display.fileDate(ctx.now().getTime())}.csv`,
      USER_REPORT_EXPORT_HEADER,
      pagedRows(
        (offset, limit) => ctx.inAccount((trx) => listUserReportRows(trx, filter, { offset, limit })),
        (row) => userReportExportCells(toUserReportRecord(row, display)),
      ),
    );
  },
};
