/**
 * Fails the production build when what the sign-in page loads grows over its budget (ADR 0105): the gzip size of
 * the entry's scripts, the route-preload script and the chunks of the `sign-in` chunk group, each file gzipped alone
 * (zlib's default level), as `npm run bench -- --only bundle` counts them. Bytes do not depend on the machine's load, so this
 * check is as reliable as a test; the timed figures stay in the bench.
 */
import { gzipSync } from 'node:zlib';
import webpack from 'webpack';

const NAME = 'SignInBudgetPlugin';

/** The files the sign-in page loads and their gzip sizes, against the budget; null when within it. */
export function signInBudgetViolation(sizes: ReadonlyMap<string, number>, budgetBytes: number): string | null {
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  if (total <= budgetBytes) return null;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const largest = [...sizes]
    .sort((a, b) => b[1] - a[1])
    .map(([file, size]) => `${file} ${kb(size)}`)
    .join(', ');
  return (
    `the sign-in page loads ${kb(total)} gzip, over its budget of ${kb(budgetBytes)} (ADR 0105): ${largest}. ` +
    'Find what moved into the entry or the sign-in chunks (npm run bench -- --only bundle) before raising the budget.'
  );
}

export class SignInBudgetPlugin {
  constructor(
    private readonly budgetBytes: number,
    private readonly signInGroup = 'sign-in',
    private readonly alsoLoaded: RegExp = /^route-preload\.[0-9a-f]+\.js$/,
  ) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const group = compilation.namedChunkGroups.get(this.signInGroup);
          if (!group) {
            compilation.errors.push(new webpack.WebpackError(`${NAME}: no chunk group named "${this.signInGroup}"`));
            return;
          }
          const files = new Set<string>();
          const chunks = [...compilation.entrypoints.values()].flatMap((entry) => entry.chunks).concat(group.chunks);
          for (const chunk of chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          for (const name of Object.keys(compilation.assets)) if (this.alsoLoaded.test(name)) files.add(name);
          const sizes = new Map(
            [...files].map((file) => [file, gzipSync(compilation.getAsset(file)!.source.buffer()).length]),
          );
          const violation = signInBudgetViolation(sizes, this.budgetBytes);
          if (violation) compilation.errors.push(new webpack.WebpackError(`${NAME}: ${violation}`));
        },
      );
    });
  }
}
