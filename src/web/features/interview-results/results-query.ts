import type { ListProjectResultsApiArg, ReportTimeZone } from '../../api/generated/execution-service';
import { RESULTS_DEFAULT_START, RESULTS_PAGE_SIZE } from '../../../shared/result-rules';
import { DEFAULT_TIMEZONE_OPTION, TIMEZONE_OPTIONS } from '../../../shared/timezone-options';
import { todayOf } from '../../components/results/outcome-draft';
import { clock } from '../../lib/clock';
import { offsetFrom } from '../../lib/zoned-time/zoned-time';

type ResultFilter = ListProjectResultsApiArg['resultFilter'];
export type EvaluationCode = NonNullable<ResultFilter['riskLevels']>[number];
export type ResultSort = { by: NonNullable<ResultFilter['sortBy']>; direction: 'asc' | 'desc'; question?: number };

/** What the Filters card holds (docs/product/project-results.md#filters); applied with Apply. */
export interface ResultFilters {
  riskLevels: EvaluationCode[];
  questionNumber: number | null;
  questionsRisk: EvaluationCode[];
  languageIds: number[];
  from: string;
  to: string;
  hideReviewed: boolean;
}

/** What the Search card holds: applied at once. */
export interface ResultSearch {
  search: string;
  /** A TIMEZONE_OPTIONS value. */
  timezone: number;
  onHold: boolean;
}

/**
 * The Filters card's start: every code, every language, 2020-01-01 through today
 * (docs/product/project-results.md#filters).
 */
export const initialFilters = (now: number): ResultFilters => ({
  riskLevels: [],
  questionNumber: null,
  questionsRisk: [],
  languageIds: [],
  from: RESULTS_DEFAULT_START,
  to: todayOf(now),
  hideReviewed: false,
});

export const initialSearch = (): ResultSearch => ({
  search: '',
  timezone: DEFAULT_TIMEZONE_OPTION.value,
  onHold: false,
});

export const timezoneOf = (value: number) => TIMEZONE_OPTIONS.find((o) => o.value === value) ?? DEFAULT_TIMEZONE_OPTION;

/**
 * The offset the list is asked at (docs/product/platform.md#time-zones, ADR 0097): the option's zone's offset when the
 * filter's first day starts there (today without one), by its daylight-saving rules, as the reports send it.
 */
export function offsetForFilter(timezone: number, from: string): string {
  return offsetFrom(timezoneOf(timezone).zone, from, clock.now());
}

/**
 * The list call's body: the On Hold toggle sends released as its inverse
 * (docs/product/project-results.md#release-delete).
 */
export function resultRequest(
  projectId: number,
  filters: ResultFilters,
  search: ResultSearch,
  sort: ResultSort,
  page: number,
  pageSize: number = RESULTS_PAGE_SIZE,
): ResultFilter {
  return {
    projectId,
    page,
    pageSize,
    displayTimeZone: offsetForFilter(search.timezone, filters.from),
    timeZone: timezoneOf(search.timezone).zone as ReportTimeZone,
    sortBy: sort.by,
    sortDirection: sort.direction,
    released: !search.onHold,
    hide_reviewed_only: filters.hideReviewed,
    ...(search.search.trim() && { search: search.search.trim() }),
    ...(filters.riskLevels.length && { riskLevels: filters.riskLevels }),
    ...(sort.by === 'question' && sort.question !== undefined && { questionNumber: sort.question }),
    ...(filters.questionNumber !== null &&
      filters.questionsRisk.length && { questionNumber: filters.questionNumber, questionsRisk: filters.questionsRisk }),
    ...(filters.languageIds.length && { participantLanguageIds: filters.languageIds }),
    ...(filters.from && { startDate: filters.from }),
    ...(filters.to && { endDate: filters.to }),
  };
}
