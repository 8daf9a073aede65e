import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import webpack from 'webpack';
import { SignInBudgetPlugin, signInBudgetViolation } from './sign-in-budget-plugin';

describe('the sign-in budget', () => {
  it('passes when the files together are within the budget', () => {
    expect(
      signInBudgetViolation(
        new Map([
          ['main.js', 1000],
          ['sign-in.js', 24],
        ]),
        1024,
      ),
    ).toBeNull();
  });

  it('names the total, the budget and the largest files first when over it', () => {
    expect(
      signInBudgetViolation(
        new Map([
          ['sign-in.js', 512],
          ['main.js', 1024],
        ]),
        1024,
      ),
    ).toBe(
      'the sign-in page loads 1.5 kB gzip, over its budget of 1.0 kB (ADR 0105): main.js 1.0 kB, sign-in.js 0.5 kB. ' +
        'Find what moved into the entry or the sign-in chunks (npm run bench -- --only bundle) before raising the budget.',
    );
  });
});

describe('SignInBudgetPlugin in a webpack build', () => {
  // Text that gzip cannot shrink much, so a chunk's gzip size follows its length.
  const noise = (bytes: number) => {
    let state = 7;
    let text = '';
    while (text.length < bytes) {
      state = (state * 1103515245 + 12345) % 2147483648;
      text += state.toString(36);
    }
    return JSON.stringify(text.slice(0, bytes));
  };
  const build = async (budget: number, files: Record<string, string>): Promise<string[]> => {
    const dir = mkdtempSync(join(tmpdir(), 'sign-in-budget-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: { main: join(dir, 'main.js') },
      output: { path: join(dir, 'dist'), filename: '[name].js', chunkFilename: '[name].js' },
      optimization: { minimize: false },
      plugins: [new SignInBudgetPlugin(budget)],
    });
    const stats = await new Promise<webpack.Stats>((done, fail) =>
      compiler.run((error, result) => (error || !result ? fail(error) : done(result))),
    );
    await new Promise((done) => compiler.close(done));
    rmSync(dir, { recursive: true, force: true });
    return stats.compilation.errors.map((error) => error.message);
  };
  const app = {
    'main.js': `import(/* webpackChunkName: "sign-in" */ './sign-in.js');\nimport(/* webpackChunkName: "shell" */ './shell.js');\n`,
    'sign-in.js': `export const page = ${noise(4000)};\n`,
    // The shell loads after sign-in: its bytes never count.
    'shell.js': `export const shell = ${noise(40000)};\n`,
  };
  const signInBytes = gzipSync(noise(4000)).length;

  it('passes a build whose entry and sign-in chunk fit, however large the later chunks', async () => {
    expect(await build(signInBytes + 4096, app)).toEqual([]);
  });

  it('fails a build whose sign-in chunk grew over the budget', async () => {
    const errors = await build(signInBytes, app);
    expect(errors).toEqual([expect.stringMatching(/^SignInBudgetPlugin: the sign-in page loads .* over its budget/)]);
    expect(errors[0]).toContain('sign-in.js');
    expect(errors[0]).not.toContain('shell.js');
  });

  it('fails a build without a sign-in chunk group rather than passing it unchecked', async () => {
    expect(await build(1 << 20, { 'main.js': 'export const x = 1;\n' })).toEqual([
      'SignInBudgetPlugin: no chunk group named "sign-in"',
    ]);
  });
});
