import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseApi } from '../api/base-api';
import '../api/generated/authz-service';
import '../api/generated/data-service';
import '../api/generated/execution-service';
import '../api/generated/participant-service';
import '../api/generated/project-service';
import '../api/generated/user-service';
import { PERSISTED_SLICES, rootReducer } from './root-reducer';
import { STATE_MAP, type StateHome } from './state-map';

const where = (home: StateHome): string => {
  switch (home.kind) {
    case 'query':
      return `query cache: ${home.endpoints.map((e) => `\`${e}\``).join(', ')}`;
    case 'slice':
      return `slice \`${home.slice}\`${home.persisted ? ', persisted' : ''}`;
    case 'derived':
      return `derived from ${home.from}`;
    case 'screen':
      return `screen state: ${home.where}`;
  }
};

describe('the state map (docs/development.md#state-map)', () => {
  it("names every item of the specification's admin and project-list state lists once", () => {
    const admin = [
      'userInfo',
      'currencyOptions',
      'roles',
      'tenantAttributes',
      'lookupData',
      'clientAppData',
      'adminTabs',
    ];
    const projectList = [
      'projectList',
      'stageList',
      'alert message and variant',
      'loading flag',
      'project-code existence flag',
      'project-code and phone-number errors',
      'schedule last-update time',
      'stage-setup flag',
      'project permissions',
      'project details',
    ];
    expect(STATE_MAP.filter((i) => i.list === 'Admin').map((i) => i.spec)).toEqual(admin);
    expect(STATE_MAP.filter((i) => i.list === 'Project list' && i.home.kind !== 'slice').map((i) => i.spec)).toEqual(
      projectList,
    );
    expect(new Set(STATE_MAP.map((i) => i.spec)).size).toBe(STATE_MAP.length);
  });

  it('points query items at generated operations, and slice items at slices persisted as it says', () => {
    const endpoints = Object.keys(baseApi.endpoints);
    const slices = Object.keys(rootReducer(undefined, { type: '@@init' }));
    for (const { spec, home } of STATE_MAP) {
      if (home.kind === 'query')
        for (const endpoint of home.endpoints) expect([spec, endpoints.includes(endpoint)]).toEqual([spec, true]);
      if (home.kind === 'slice') {
        expect([spec, slices.includes(home.slice)]).toEqual([spec, true]);
        expect([spec, (PERSISTED_SLICES as readonly string[]).includes(home.slice)]).toEqual([spec, home.persisted]);
      }
    }
  });

  it('every persisted slice holds an item of the map (nothing persisted that the spec does not name)', () => {
    const mapped = new Set(STATE_MAP.flatMap((i) => (i.home.kind === 'slice' ? [i.home.slice] : [])));
    expect([...PERSISTED_SLICES].filter((s) => !mapped.has(s))).toEqual([]);
  });

  it('is the table docs/development.md shows', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/development.md'), 'utf8');
    for (const item of STATE_MAP) expect(doc).toContain(`| ${item.list} | ${item.spec} | ${where(item.home)} |`);
  });
});
