import type { PERSISTED_SLICES, RootState } from './root-reducer';

/**
 * Where each item of the specification's state lists lives in the console (docs/development.md#state-map,
 * issue 25 item 17). Server answers are never copied into slices: they stay in the query cache, under the
 * operation that fetched them, and screens read them from there.
 */
export type StateHome =
  /** A query-cache entry of these generated operations (refetched after a reload, reset on a tenant switch). */
  | { kind: 'query'; endpoints: readonly string[] }
  /** A slice of the store; `persisted` when redux-persist writes it to localStorage (cleared on logout). */
  | { kind: 'slice'; slice: Exclude<keyof RootState, 'api'>; persisted: boolean }
  /** Computed when needed from what the query cache holds; stored nowhere. */
  | { kind: 'derived'; from: string }
  /** State of the one screen that shows it (a form's state, a feedback alert): gone when the screen closes. */
  | { kind: 'screen'; where: string };

export interface StateItem {
  /** The specification's name for it, as in 000's state lists. */
  spec: string;
  list: 'Admin' | 'Project list' | 'Session';
  home: StateHome;
}

type PersistedSlice = (typeof PERSISTED_SLICES)[number];
const slice = (name: PersistedSlice): StateHome => ({ kind: 'slice', slice: name, persisted: true });

export const STATE_MAP: readonly StateItem[] = [
  { spec: 'userInfo', list: 'Admin', home: { kind: 'query', endpoints: ['getUserInfo'] } },
  { spec: 'currencyOptions', list: 'Admin', home: { kind: 'query', endpoints: ['listFollowUpOptions'] } },
  { spec: 'roles', list: 'Admin', home: { kind: 'query', endpoints: ['listRoles', 'listTenantRoles'] } },
  { spec: 'tenantAttributes', list: 'Admin', home: { kind: 'query', endpoints: ['getTenantAttributes'] } },
  { spec: 'lookupData', list: 'Admin', home: { kind: 'query', endpoints: ['listAttributesByLanguage'] } },
  { spec: 'clientAppData', list: 'Admin', home: { kind: 'query', endpoints: ['listClientApplications'] } },
  {
    spec: 'adminTabs',
    list: 'Admin',
    home: { kind: 'derived', from: 'the admin tab registry filtered by the permissions of getUserInfo' },
  },
  { spec: 'projectList', list: 'Project list', home: { kind: 'query', endpoints: ['listProjectCards'] } },
  { spec: 'stageList', list: 'Project list', home: { kind: 'query', endpoints: ['listProjectAttributes'] } },
  {
    spec: 'alert message and variant',
    list: 'Project list',
    home: { kind: 'screen', where: 'the feedback alert of the screen that made the change' },
  },
  {
    spec: 'loading flag',
    list: 'Project list',
    home: { kind: 'derived', from: 'the isFetching flag of the listProjectCards entry' },
  },
  {
    spec: 'project-code existence flag',
    list: 'Project list',
    home: { kind: 'query', endpoints: ['checkProjectCodeAndPhone'] },
  },
  {
    spec: 'project-code and phone-number errors',
    list: 'Project list',
    home: { kind: 'screen', where: 'the project form (final-form field errors from checkProjectCodeAndPhone)' },
  },
  {
    spec: 'schedule last-update time',
    list: 'Project list',
    home: { kind: 'derived', from: 'the fulfilledTimeStamp of the listProjectCards entry ("Updated … ago")' },
  },
  {
    spec: 'stage-setup flag',
    list: 'Project list',
    home: { kind: 'derived', from: 'the STAGE attributes of listProjectAttributes (the form starts at the first)' },
  },
  { spec: 'project permissions', list: 'Project list', home: { kind: 'query', endpoints: ['getProjectPermissions'] } },
  { spec: 'project details', list: 'Project list', home: { kind: 'query', endpoints: ['getProject'] } },
  { spec: 'project filters', list: 'Project list', home: slice('projectFilters') },
  { spec: 'token', list: 'Session', home: slice('session') },
  { spec: 'tenant selection', list: 'Session', home: slice('tenancy') },
  { spec: 'language', list: 'Session', home: slice('preferences') },
];
