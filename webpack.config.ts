import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { constants as zlib, type BrotliOptions } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { CompileHintPlugin } from './scripts/compile-hint-plugin';
import { FirstPaintPlugin } from './scripts/first-paint-plugin';
import { LazyLibraryPlugin } from './scripts/lazy-library-plugin';
import { RoutePreloadPlugin } from './scripts/route-preload-plugin';
import { SIGN_IN_BUDGET } from './scripts/bundle-budgets';
import { SignInBudgetPlugin } from './scripts/sign-in-budget-plugin';

// webpack-cli loads this file as CommonJS through esbuild-register (no import.meta); npm runs it from the root.
const root = typeof __dirname === 'string' ? __dirname : process.cwd();
const web = resolve(root, 'src/web');
// Pure rules shared with the server (docs/development.md).
const shared = resolve(root, 'src/shared');

/**
 * Routes npm run bench measures by the file names of their chunks (scripts/bench.ts); `api` is the API layer the
 * sign-in form loads on first focus (ADR 0111).
 */
const BENCH_ROUTES = new Set(['sign-in', 'shell', 'api']);

type Configuration = webpack.Configuration & { devServer?: DevServerConfiguration };

const COMPRESSIBLE = /\.(js|html|svg|json|txt)$/;

/**
 * The chunk groups of the first screens (sign-in and the API layer its form loads, the dashboard), which must not
 * carry the lazy libraries.
 */
const FIRST_SCREENS = ['sign-in', 'api', 'shell', 'dashboard', 'project-list'];

/** Libraries only the routes that use them may load: the build fails when one reaches a first screen (ADR 0097). */
const LAZY_LIBRARIES = [
  { name: 'moment-timezone', resource: /[\\/]node_modules[\\/]moment(-timezone)?[\\/]|[\\/]zoned-time[\\/]/ },
];

/** Libraries the sign-in page (the entry and its chunk group) must not load, though later first screens may. */
const SIGN_IN_LAZY_LIBRARIES = [{ name: 'final-form', resource: /[\\/]node_modules[\\/](react-)?final-form[\\/]/ }];

/** Where the first-paint compilation writes the prerender bundle (outside dist/: it is never served). */
const FIRST_PAINT_BUNDLE = resolve(root, 'node_modules/.cache/voxscreen-first-paint/prerender.cjs');

/**
 * Libraries only lazy routes use, which the prerendered pages never render: the Node bundle requires them at run
 * time instead of compiling them in (a shorter build; they are never loaded either).
 */
const NOT_PRERENDERED = [
  'ag-grid-community',
  'ag-grid-react',
  'apexcharts',
  '@e965/xlsx',
  'docx',
  'moment-timezone/moment-timezone',
];

/** The console's source rules, the same for the browser and for the prerender, so both render the same text. */
const sourceRules = (production: boolean): webpack.RuleSetRule[] => [
  {
    test: /\.tsx?$/,
    include: [web, shared],
    use: [
      // English comes from the descriptors themselves, compiled at build time (ADR 0059).
      { loader: resolve(root, 'scripts/english-descriptors-loader.cjs') },
      {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
            target: 'es2022',
            // webpackChunkName comments name the route chunks.
            preserveAllComments: true,
            // Descriptors keep their source message, which the loader above compiles (ADR 0059).
            experimental: {
              plugins: [['@lingui/swc-plugin', { useLinguiV5IdGeneration: true, descriptorFields: 'message' }]],
            },
          },
        },
      },
    ],
  },
  // Chakra's full recipe set out of the entry chunk (ADR 0055).
  {
    test: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/,
    loader: resolve(root, 'scripts/pure-chakra-theme-loader.cjs'),
  },
  // The anatomies of components a chunk never renders dropped from it (ADR 0139).
  {
    test: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]anatomy\.js$/,
    loader: resolve(root, 'scripts/pure-chakra-anatomy-loader.cjs'),
  },
  // Emotion imports hoist-non-react-statics (and with it react-is) for `withTheme` alone, which the console never
  // calls; both are plain CommonJS without a sideEffects flag, so webpack kept them. They have no side effects
  // (ADR 0139): a module that uses them still gets them.
  { test: /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false },
  // Chakra's global styles built only when read: the build writes them into the pages (ADR 0082); its token
  // dictionary answered from views written at commit time (ADR 0129).
  {
    test: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
    use: [
      { loader: resolve(root, 'scripts/lazy-chakra-globals-loader.cjs') },
      { loader: resolve(root, 'scripts/prebuilt-chakra-tokens-loader.cjs') },
    ],
  },
  // Each style property's token values (and type names) resolved when first used, not at system creation (ADR 0168).
  {
    test: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]utility\.js$/,
    loader: resolve(root, 'scripts/lazy-chakra-utility-loader.cjs'),
  },
  // ApexCharts' stylesheet exported, for the console to add it a frame before the first chart is created (ADR 0170).
  {
    test: /[\\/]apexcharts[\\/]dist[\\/]core\.esm\.js$/,
    loader: resolve(root, 'scripts/apexcharts-style-sheet-loader.cjs'),
  },
];

/** The Node bundle of src/web/prerender.tsx that FirstPaintPlugin runs to write the prerendered pages (ADR 0082). */
const firstPaintConfig = (): Configuration => ({
  name: 'first-paint',
  mode: 'production',
  target: 'node20',
  entry: { prerender: resolve(web, 'prerender.tsx') },
  output: {
    path: resolve(FIRST_PAINT_BUNDLE, '..'),
    filename: 'prerender.cjs',
    library: { type: 'commonjs2' },
    publicPath: '/',
    assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
    clean: true,
  },
  devtool: false,
  externals: Object.fromEntries(NOT_PRERENDERED.map((name) => [name, `commonjs ${name}`])),
  externalsPresets: { node: true },
  resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
  module: {
    rules: [
      ...sourceRules(true),
      // The same URL as the browser build (same name and content hash); the file itself is the browser build's.
      {
        test: /\.(svg|png)$/,
        type: 'asset',
        parser: { dataUrlCondition: { maxSize: 4 * 1024 } },
        generator: { emit: false },
      },
    ],
  },
  // One file: the lazy routes' imports resolve inside it.
  plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  optimization: { minimize: false, nodeEnv: 'production' },
  performance: { hints: false },
});

function precompressed(): webpack.WebpackPluginInstance[] {
  return [
    new CompressionPlugin<BrotliOptions>({
      test: COMPRESSIBLE,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
      threshold: 0,
      minRatio: 1,
    }),
    new CompressionPlugin({
      test: COMPRESSIBLE,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
      threshold: 0,
      minRatio: 1,
    }),
  ];
}

const browserConfig = (production: boolean): Configuration => {
  return {
    name: 'browser',
    // Production builds write the prerendered pages from the first-paint compilation's bundle (ADR 0082).
    ...(production && { dependencies: ['first-paint'] }),
    mode: production ? 'production' : 'development',
    target: 'web',
    entry: { main: resolve(web, 'main.tsx') },
    output: {
      path: resolve(root, 'dist'),
      publicPath: '/',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    // Hidden: the maps stay in dist/ for the bench's attribution, but no file points at them and the server
    // never serves them (ADR 0012).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      alias: {
        // react-router's package exports point every bundler condition at its development build (warnings,
        // invariant texts); production builds take the production build it ships beside it.
        ...(production && { 'react-router$': resolve(root, 'node_modules/react-router/dist/production/index.mjs') }),
      },
    },
    module: {
      rules: [
        ...sourceRules(production),
        { test: /\.(svg|png)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4 * 1024 } } },
        // No node-module decorator in the entry's runtime for moment (ADR 0097).
        {
          test: /[\\/]node_modules[\\/]moment[\\/]moment\.js$/,
          loader: resolve(root, 'scripts/moment-browser-loader.cjs'),
        },
      ],
    },
    plugins: [
      // The token definitions stay out of the browser's build: the views answer for them (ADR 0129).
      ...(production
        ? [
            new webpack.NormalModuleReplacementPlugin(
              /[\\/]token-definitions$/,
              resolve(web, 'theme/token-definitions.browser.ts'),
            ),
          ]
        : []),
      new HtmlWebpackPlugin({
        template: resolve(web, 'index.html'),
        favicon: resolve(web, 'assets/voxscreen-logo.svg'),
      }),
      // moment's 130 locales: the console formats with its own messages (ADR 0097).
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /[\\/]moment$/ }),
      // The first screens' route chunks download beside main instead of after it (ADR 0059).
      ...(production
        ? [
            new FirstPaintPlugin(FIRST_PAINT_BUNDLE),
            new LazyLibraryPlugin(LAZY_LIBRARIES, FIRST_SCREENS),
            // The sign-in form is a plain form: final-form loads with the other forms' routes (ADR 0123).
            new LazyLibraryPlugin(SIGN_IN_LAZY_LIBRARIES, ['sign-in']),
            // What the sign-in page loads stays within its budget (ADR 0105).
            new SignInBudgetPlugin(SIGN_IN_BUDGET),
            // ApexCharts compiled while it streams in, not function by function in the first chart's draw (ADR 0118).
            new CompileHintPlugin(['charts']),
            new RoutePreloadPlugin({
              '/': ['sign-in'],
              '/main': ['shell', 'dashboard', 'project-list'],
              '/main/dashboard': ['shell', 'dashboard', 'project-list'],
            }),
          ]
        : []),
      // Precompressed beside each file; the server picks one by Accept-Encoding (ADR 0012).
      ...(production ? precompressed() : []),
    ],
    optimization: {
      minimize: production,
      minimizer: [new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify, options: {} } })],
      splitChunks: {
        chunks: 'async',
        // A shared chunk is named after the routes that load it (e.g. `reset-password~sign-in`), so the size of
        // what a route needs can be read off the file names (npm run bench counts every file named sign-in).
        // A chunk shared by many routes keeps the names the bench reads (sign-in, shell) and a hash of the rest, as
        // a file name may not exceed 255 bytes.
        name: (_module: unknown, chunks: webpack.Chunk[]) => {
          const names = chunks.map((chunk) => chunk.name ?? String(chunk.id)).sort();
          const joined = names.join('~');
          if (joined.length <= 120) return joined;
          const kept = names.filter((name) => BENCH_ROUTES.has(name));
          const digest = createHash('sha256').update(joined).digest('hex').slice(0, 10);
          return [...kept, `shared-${names.length}-${digest}`].join('~');
        },
      },
      runtimeChunk: false,
    },
    performance: { hints: false },
    devServer: {
      port: 3000,
      historyApiFallback: true,
      hot: false,
      proxy: [{ context: ['/api'], target: 'http://127.0.0.1:8080', changeOrigin: false }],
      client: { overlay: { warnings: false, errors: true } },
    },
  };
};

/** Production: the prerender bundle, then the browser build that writes the pages with it; development: the latter. */
export default (_env: unknown, argv: { mode?: 'production' | 'development' }): Configuration | Configuration[] => {
  const production = argv.mode !== 'development';
  return production ? [firstPaintConfig(), browserConfig(true)] : browserConfig(false);
};
