import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpack from 'webpack';
import { COMPILE_HINT, CompileHintPlugin } from './compile-hint-plugin';

describe('CompileHintPlugin in a webpack build', () => {
  const build = async (groups: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'compile-hint-'));
    writeFileSync(join(dir, 'main.js'), `import(/* webpackChunkName: "charts" */ './charts.js');\n`);
    writeFileSync(join(dir, 'charts.js'), `/*! a licence */\nexport function draw() { return 1; }\n`);
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: { main: join(dir, 'main.js') },
      output: { path: join(dir, 'dist'), filename: '[name].js', chunkFilename: '[name].js' },
      devtool: 'hidden-source-map',
      plugins: [new CompileHintPlugin(groups)],
    });
    const stats = await new Promise<webpack.Stats>((done, fail) =>
      compiler.run((error, result) => (error || !result ? fail(error) : done(result))),
    );
    await new Promise((done) => compiler.close(done));
    // A failed build emits nothing.
    const read = (file: string) => (stats.hasErrors() ? '{}' : readFileSync(join(dir, 'dist', file), 'utf8'));
    const output = {
      errors: stats.compilation.errors.map((error) => error.message),
      charts: read('charts.js'),
      main: read('main.js'),
      map: JSON.parse(read('charts.js.map')) as { mappings: string },
    };
    rmSync(dir, { recursive: true, force: true });
    return output;
  };

  it('opens the named chunk with the hint, ahead of the minifier’s licence banner, and leaves the others', async () => {
    const { errors, charts, main, map } = await build(['charts']);
    expect(errors).toEqual([]);
    expect(charts.startsWith(COMPILE_HINT)).toBe(true);
    expect(main).not.toContain('allFunctionsCalledOnLoad');
    // The source map counts the hint's line: the first generated line maps nothing.
    expect(map.mappings.startsWith(';')).toBe(true);
  });

  it('fails the build when a named chunk group does not exist', async () => {
    const { errors } = await build(['chart']);
    expect(errors).toEqual(['CompileHintPlugin: no chunk group named "chart"']);
  });
});
