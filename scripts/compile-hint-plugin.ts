/**
 * Marks the files of named chunk groups for eager compilation (ADR 0118): each starts with V8's magic comment
 * `//# allFunctionsCalledOnLoad` (Chrome 136+), so V8 compiles every function of the file while the script streams
 * in, on a background thread, instead of compiling each one on the main thread the first time it runs. For a
 * library whose code runs whole once loaded (ApexCharts: the first chart's draw compiled most of its 640 kB, the
 * longest task of the dashboard's load on the simulated phone). A browser without the feature reads a comment.
 */
import webpack from 'webpack';

const NAME = 'CompileHintPlugin';
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export class CompileHintPlugin {
  constructor(private readonly chunkGroups: readonly string[]) {}

  apply(compiler: webpack.Compiler): void {
    const { ConcatSource, RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification, which writes its licence banner first (the hint must open the file), and before the
        // source maps are written and the hashes taken, so both include the hint's line.
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 50 },
        () => {
          for (const name of this.chunkGroups) {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) {
              compilation.errors.push(new webpack.WebpackError(`${NAME}: no chunk group named "${name}"`));
              continue;
            }
            for (const file of group.chunks.flatMap((chunk) => [...chunk.files]).filter((f) => f.endsWith('.js'))) {
              compilation.updateAsset(file, (source) => new ConcatSource(new RawSource(COMPILE_HINT), source));
            }
          }
        },
      );
    });
  }
}
