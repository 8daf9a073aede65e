import { lazyLibraryViolations, type ChunkView } from './lazy-library-plugin';

const MOMENT = { name: 'moment-timezone', resource: /[\\/]node_modules[\\/]moment(-timezone)?[\\/]/ };
const FIRST = ['sign-in', 'shell', 'dashboard', 'project-list'];
const chunk = (over: Partial<ChunkView>): ChunkView => ({
  file: 'x.js',
  initial: false,
  groups: [],
  resources: ['/app/src/web/main.tsx'],
  ...over,
});
const momentPath = '/app/node_modules/moment-timezone/moment-timezone.js';

describe('the lazy library check', () => {
  it('passes when moment-timezone is only in the chunks of the routes that show zoned times', () => {
    const chunks = [
      chunk({ file: 'main.js', initial: true }),
      chunk({ file: 'dashboard.js', groups: ['dashboard'] }),
      chunk({ file: 'reports~project-results.js', groups: ['reports', 'project-results'], resources: [momentPath] }),
    ];
    expect(lazyLibraryViolations(chunks, [MOMENT], FIRST)).toEqual([]);
  });

  it('fails when it lands in the entry', () => {
    const chunks = [chunk({ file: 'main.js', initial: true, resources: ['/app/node_modules/moment/moment.js'] })];
    expect(lazyLibraryViolations(chunks, [MOMENT], FIRST)).toEqual([
      'moment-timezone is in the entry (main.js: /app/node_modules/moment/moment.js)',
    ]);
  });

  it('fails when a chunk the dashboard or sign-in loads carries it, whatever else shares that chunk', () => {
    const chunks = [
      chunk({ file: 'dashboard~reports.js', groups: ['dashboard', 'reports'], resources: [momentPath] }),
      chunk({ file: 'sign-in.js', groups: ['sign-in'], resources: ['/a.ts', momentPath] }),
    ];
    expect(lazyLibraryViolations(chunks, [MOMENT], FIRST)).toEqual([
      `moment-timezone is in the dashboard chunk group (dashboard~reports.js: ${momentPath})`,
      `moment-timezone is in the sign-in chunk group (sign-in.js: ${momentPath})`,
    ]);
  });
});
