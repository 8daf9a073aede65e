import { fetchedProjectList, loadsNamed } from './lighthouse-loads';

describe('fetchedProjectList', () => {
  it('sees the project list call among a load’s network records, whatever its query', () => {
    const records = [
      { url: 'http://127.0.0.1:4000/main/dashboard' },
      { url: 'http://127.0.0.1:4000/api/project-service/v1/project/dashboard/kpi?tenantId=2' },
    ];
    expect(fetchedProjectList(records)).toBe(false);
    expect(
      fetchedProjectList([
        ...records,
        { url: 'http://127.0.0.1:4000/api/project-service/v1/project/projectListNew?tenantId=2&page=0' },
      ]),
    ).toBe(true);
  });

  it('ignores the attributes call, which other screens make too', () => {
    expect(fetchedProjectList([{ url: 'http://h/api/project-service/v1/project/attributes?tenantId=2' }])).toBe(false);
  });
});

describe('loadsNamed', () => {
  const loads = ['sign-in', 'dashboard'].flatMap((page) =>
    ['mobile', 'desktop'].map((name) => ({ page, preset: { name } })),
  );
  const names = (picked: typeof loads) => picked.map((load) => `${load.page}-${load.preset.name}`);

  it('keeps every load when none is named', () => {
    expect(names(loadsNamed(loads, undefined))).toEqual([
      'sign-in-mobile',
      'sign-in-desktop',
      'dashboard-mobile',
      'dashboard-desktop',
    ]);
  });

  it('keeps only the named loads, in the rounds’ order', () => {
    expect(names(loadsNamed(loads, 'dashboard-desktop, sign-in-mobile'))).toEqual([
      'sign-in-mobile',
      'dashboard-desktop',
    ]);
  });

  it('refuses a name that matches no load rather than measuring nothing', () => {
    expect(() => loadsNamed(loads, 'dashboard-phone')).toThrow('no load named dashboard-phone');
  });
});
