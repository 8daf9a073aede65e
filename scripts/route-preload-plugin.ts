/**
 * Route preloads (ADR 0059). The entry chunk starts a route's lazy chunks only once it has downloaded and run, so a
 * cold load fetched them one after the other: index.html → main → the route's chunks. This plugin writes a tiny
 * script, `route-preload.<hash>.js`, loaded `async` from index.html beside main: it reads the address and adds
 * `<link rel="preload" as="script">` for the chunks of that route, so they download while main downloads and runs.
 * Only the first screens a visitor lands on are listed (sign-in, the dashboard); other addresses preload nothing.
 * An external file rather than an inline script, as the content security policy allows scripts from 'self' only.
 * The preloads ask for low priority, as main has (a deferred script): at the default high priority they would
 * compete with what the first paint needs, and Lighthouse counts a high-priority script as render-blocking.
 */
import { createHash } from 'node:crypto';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';

/** Address (without a trailing slash) → the webpackChunkName of the lazy imports its first render waits for. */
export type RoutePreloads = Record<string, readonly string[]>;

const NAME = 'RoutePreloadPlugin';

const scriptOf = (files: Record<string, string[]>) =>
  `(()=>{const r=${JSON.stringify(files)};const p=location.pathname.replace(/\\/+$/,'')||'/';` +
  `for(const f of r[p]||[]){const l=document.createElement('link');l.rel='preload';l.as='script';` +
  `l.fetchPriority='low';l.href=f;` +
  `document.head.appendChild(l)}})();\n`;

export class RoutePreloadPlugin {
  constructor(private readonly routes: RoutePreloads) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      let scriptFile: string | null = null;
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const publicPath = compilation.getPath(compilation.outputOptions.publicPath as string);
          const files: Record<string, string[]> = {};
          for (const [path, groups] of Object.entries(this.routes)) {
            const chunkFiles = new Set<string>();
            for (const name of groups) {
              const group = compilation.namedChunkGroups.get(name);
              if (!group) throw new Error(`${NAME}: no chunk group named "${name}" (webpackChunkName) for ${path}`);
              for (const chunk of group.chunks)
                for (const file of chunk.files) if (file.endsWith('.js')) chunkFiles.add(publicPath + file);
            }
            files[path] = [...chunkFiles].sort();
          }
          const source = scriptOf(files);
          const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
          scriptFile = `route-preload.${hash}.js`;
          compilation.emitAsset(scriptFile, new webpack.sources.RawSource(source), { immutable: true });
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        if (scriptFile === null) return data;
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath as string);
        data.headTags.unshift(
          HtmlWebpackPlugin.createHtmlTagObject('script', { src: publicPath + scriptFile, async: true }),
        );
        return data;
      });
    });
  }
}
