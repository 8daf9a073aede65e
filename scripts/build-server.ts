/**
 * Compiles the server to one ES module, `build/server/main.mjs` (ADR 0077), and its PDF worker to a second,
 * `build/server/pdf-worker.mjs` (ADR 0109): production starts it with plain `node`,
 * with no TypeScript transform at run time and without resolving and reading some 3,000 module files at start:
 * the dependencies are bundled too, except those that read files beside their own code (NOT_BUNDLED). The source
 * tree stays where it is, since the server reads files beside its sources (contracts, migrations, fonts, the
 * database worker, the built console): every `import.meta.dirname` becomes the source folder it stood for.
 *
 *   npx tsx scripts/build-server.ts            (npm run build:server; npm run build runs it after the console)
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = join(ROOT, 'build', 'server', 'main.mjs');
/** The PDF render pool's worker (ADR 0109), compiled beside the server, which starts it from its own folder. */
export const PDF_WORKER_BUNDLE = join(dirname(SERVER_BUNDLE), 'pdf-worker.mjs');
const BUNDLE_TO_ROOT = relative(dirname(SERVER_BUNDLE), ROOT);
/**
 * Left in node_modules: PGlite loads its WebAssembly and data files from its own folder, pdfkit its standard-font
 * metrics, and the API reference's 4 MB page script is loaded once /api/docs is registered either way.
 */
const NOT_BUNDLED = ['@electric-sql/pglite', 'pdfkit', 'fontkit', '@scalar/fastify-api-reference'];
const requireFromRoot = createRequire(join(ROOT, 'package.json'));

/** `import.meta.dirname` of a source file, rewritten to that file's folder found from the bundle's own folder. */
const sourceFolders: esbuild.Plugin = {
  name: 'source-folders',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const folder = JSON.stringify(relative(ROOT, dirname(args.path)).split('\\').join('/'));
      return { contents: text.replaceAll('import.meta.dirname', `__voxscreenSource(${folder})`), loader: 'ts' };
    });
  },
};

/**
 * The packages left out of the bundle stay imports; Node's ES module loader wants the file extension of a deep
 * import into a CommonJS package without an exports map, which TypeScript's bundler resolution leaves out.
 */
const unbundledPackages: esbuild.Plugin = {
  name: 'unbundled-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return undefined;
      const segments = args.path.split('/');
      const nameLength = args.path.startsWith('@') ? 2 : 1;
      const name = segments.slice(0, nameLength).join('/');
      if (!NOT_BUNDLED.includes(name)) return undefined;
      if (segments.length <= nameLength) return { path: args.path, external: true };
      const resolves = resolvesAsWritten(name, segments.slice(nameLength).join('/'));
      return { path: resolves ? args.path : `${args.path}.js`, external: true };
    });
  },
};

/** True when Node finds `<package>/<subpath>` as written: the package has an exports map, or the file exists. */
function resolvesAsWritten(name: string, subpath: string): boolean {
  let manifest: string;
  try {
    manifest = requireFromRoot.resolve(`${name}/package.json`);
  } catch {
    return true; // an exports map that hides package.json: Node resolves through the map
  }
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown };
  return pkg.exports !== undefined || !existsSync(`${join(dirname(manifest), subpath)}.js`);
}

export async function buildServer(): Promise<void> {
  await esbuild.build({
    entryPoints: [
      { in: join(ROOT, 'src/server/main.ts'), out: 'main' },
      { in: join(ROOT, 'src/server/platform/pdf/pdf-worker.ts'), out: 'pdf-worker' },
    ],
    outdir: dirname(SERVER_BUNDLE),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    banner: {
      js: [
        // Bundled CommonJS dependencies require Node's built-in modules.
        "import { createRequire as __voxscreenCreateRequire } from 'node:module';",
        'const require = __voxscreenCreateRequire(import.meta.url);',
        "import { join as __voxscreenJoin } from 'node:path';",
        `const __voxscreenSource = (folder) => __voxscreenJoin(import.meta.dirname, ${JSON.stringify(BUNDLE_TO_ROOT)}, folder);`,
      ].join('\n'),
    },
    plugins: [sourceFolders, unbundledPackages],
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(
    `server compiled to ${relative(ROOT, SERVER_BUNDLE)} and ${relative(ROOT, PDF_WORKER_BUNDLE)} in ${Date.now() - started} ms`,
  );
}
