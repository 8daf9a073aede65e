/**
 * Fails the production build when a library that only some routes use lands in what the first screens load
 * (ADR 0006 budgets, ADR 0097): the entry (any chunk that can load initially) or a chunk of a listed first-screen
 * chunk group (sign-in, shell, dashboard, project-list). moment-timezone is checked so: only the routes that show
 * zoned times may load it.
 */
import webpack from 'webpack';

const NAME = 'LazyLibraryPlugin';

/** A library kept off the first screens: its name and what its modules' resource paths look like. */
export interface LazyLibrary {
  name: string;
  resource: RegExp;
}

/** One chunk as the check sees it: whether it can load initially, its chunk groups' names, its modules' paths. */
export interface ChunkView {
  file: string;
  initial: boolean;
  groups: readonly string[];
  resources: readonly string[];
}

/** The messages of every listed library found in the entry or in a first screen's chunk group (none: the build passes). */
export function lazyLibraryViolations(
  chunks: readonly ChunkView[],
  libraries: readonly LazyLibrary[],
  firstScreens: readonly string[],
): string[] {
  const violations: string[] = [];
  for (const chunk of chunks) {
    const screens = chunk.groups.filter((group) => firstScreens.includes(group));
    if (!chunk.initial && screens.length === 0) continue;
    const where = chunk.initial ? 'the entry' : `the ${screens.join(', ')} chunk group`;
    for (const library of libraries) {
      const found = chunk.resources.find((resource) => library.resource.test(resource));
      if (found) violations.push(`${library.name} is in ${where} (${chunk.file}: ${found})`);
    }
  }
  return violations;
}

/** The paths of a module and of every module concatenated into it. */
function resourcesOf(module: webpack.Module): string[] {
  const inner = (module as { modules?: webpack.Module[] }).modules;
  if (inner) return inner.flatMap(resourcesOf);
  const resource = (module as { resource?: string }).resource;
  return resource ? [resource] : [];
}

export class LazyLibraryPlugin {
  constructor(
    private readonly libraries: readonly LazyLibrary[],
    private readonly firstScreens: readonly string[],
  ) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.afterSeal.tap(NAME, () => {
        const chunks: ChunkView[] = [...compilation.chunks].map((chunk) => ({
          file: [...chunk.files].find((file) => file.endsWith('.js')) ?? String(chunk.name ?? chunk.id),
          initial: chunk.canBeInitial(),
          groups: [...chunk.groupsIterable].flatMap((group) => (group.name ? [group.name] : [])),
          resources: [...compilation.chunkGraph.getChunkModulesIterable(chunk)].flatMap(resourcesOf),
        }));
        for (const message of lazyLibraryViolations(chunks, this.libraries, this.firstScreens))
          compilation.errors.push(new webpack.WebpackError(`${NAME}: ${message}`));
      });
    });
  }
}
