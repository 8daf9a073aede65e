import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpack from 'webpack';
import { LazyLibraryPlugin, lazyLibraryViolations, type ChunkView } from './lazy-library-plugin';

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

describe('LazyLibraryPlugin in a webpack build', () => {
  const build = async (files: Record<string, string>): Promise<string[]> => {
    const dir = mkdtempSync(join(tmpdir(), 'lazy-library-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: { main: join(dir, 'main.js') },
      output: { path: join(dir, 'dist'), filename: '[name].js', chunkFilename: '[name].js' },
      resolve: { modules: [join(__dirname, '../node_modules')] },
      optimization: { minimize: false },
      plugins: [new LazyLibraryPlugin([MOMENT], FIRST)],
    });
    const stats = await new Promise<webpack.Stats>((done, fail) =>
      compiler.run((error, result) => (error || !result ? fail(error) : done(result))),
    );
    await new Promise((done) => compiler.close(done));
    rmSync(dir, { recursive: true, force: true });
    return stats.compilation.errors.map((error) => error.message);
  };
  const lazy = (name: string) => `import(/* webpackChunkName: "${name}" */ './${name}.js');\n`;
  const usesMoment =
    "import moment from 'moment-timezone/moment-timezone';\nexport const now = () => moment.tz.names();\n";

  it('passes a build where only the reports chunk imports moment-timezone', async () => {
    expect(
      await build({
        'main.js': lazy('dashboard') + lazy('reports'),
        'dashboard.js': 'export const x = 1;\n',
        'reports.js': usesMoment,
      }),
    ).toEqual([]);
  });

  it('fails a build where the entry or the dashboard imports it', async () => {
    const entry = await build({ 'main.js': usesMoment });
    expect(entry).toEqual([expect.stringMatching(/^LazyLibraryPlugin: moment-timezone is in the entry \(main\.js: /)]);
    const dashboard = await build({ 'main.js': lazy('dashboard'), 'dashboard.js': usesMoment });
    expect(dashboard.length).toBeGreaterThan(0);
    expect(dashboard[0]).toMatch(/^LazyLibraryPlugin: moment-timezone is in the dashboard chunk group/);
  });
});
