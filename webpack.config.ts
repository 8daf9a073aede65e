import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { constants as zlib, type BrotliOptions } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import type webpack from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { RoutePreloadPlugin } from './scripts/route-preload-plugin';

// webpack-cli loads this file as CommonJS through esbuild-register (no import.meta); npm runs it from the root.
const root = typeof __dirname === 'string' ? __dirname : process.cwd();
const web = resolve(root, 'src/web');
// Pure rules shared with the server (docs/development.md).
const shared = resolve(root, 'src/shared');

/** Routes npm run bench measures by the file names of their chunks (scripts/bench.ts). */
const BENCH_ROUTES = new Set(['sign-in', 'shell']);

type Configuration = webpack.Configuration & { devServer?: DevServerConfiguration };

const COMPRESSIBLE = /\.(js|html|svg|json|txt)$/;

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

export default (_env: unknown, argv: { mode?: 'production' | 'development' }): Configuration => {
  const production = argv.mode !== 'development';
  return {
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
        { test: /\.(svg|png)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4 * 1024 } } },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: resolve(web, 'index.html'),
        favicon: resolve(web, 'assets/voxscreen-logo.svg'),
      }),
      // The first screens' route chunks download beside main instead of after it (ADR 0059).
      ...(production
        ? [
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
