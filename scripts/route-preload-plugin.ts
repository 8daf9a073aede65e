/**
 * Route preloads (ADR 0059). The entry chunk starts a route's lazy chunks only once it has downloaded and run, so a
 * cold load fetched them one after the other: index.html → main → the route's chunks. This plugin writes a tiny
 * script, `route-preload.<hash>.js`, loaded `async` from index.html beside main: it reads the address and adds
 * `<link rel="preload" as="script">` for the chunks of that route, so they download while main downloads and runs.
 * Only the first screens a visitor lands on are listed (sign-in, the dashboard); other addresses preload nothing.
 * An external file rather than an inline script, as the content security policy allows scripts from 'self' only.
 * The preloads ask for low priority, as main has (a deferred script): at the default high priority they would
 * compete with what the first paint needs, and Lighthouse counts a high-priority script as render-blocking.
 *
 * One link a task (ADR 0177): the browser starts a preload's request inside the `appendChild` that adds its link, and
 * the dashboard's ten in one task made a task of 60-100 ms on the simulated phone; between two links the script yields
 * (`scheduler.yield`, whose continuation runs before the other queued tasks, else a zero timeout). Each document the
 * server answers (shared/console-pages.ts) carries the script of its own addresses only: index.html the sign-in
 * page's (`route-preload.<hash>.js`, within the sign-in budget), shell.html the signed-in ones'
 * (`route-preload-shell.<hash>.js`); a document none of whose addresses preloads anything (console.html) has none.
 */
import { createHash } from 'node:crypto';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import { consoleFileFor } from '../src/shared/console-pages';

/** Address (without a trailing slash) → the webpackChunkName of the lazy imports its first render waits for. */
export type RoutePreloads = Record<string, readonly string[]>;

const NAME = 'RoutePreloadPlugin';

/** The script that adds, one a task, the preload links of the visited address among `files`' (address → files). */
export const scriptOf = (files: Record<string, string[]>): string =>
  `(async()=>{const r=${JSON.stringify(files)};const p=location.pathname.replace(/\\/+$/,'')||'/';` +
  `for(const f of r[p]||[]){const l=document.createElement('link');l.rel='preload';l.as='script';` +
  `l.fetchPriority='low';l.href=f;document.head.appendChild(l);` +
  `await(self.scheduler?.yield?.()??new Promise((y)=>setTimeout(y)))}})();\n`;

/** The script file of a document: the template's (index.html) keeps the name the sign-in budget counts. */
const scriptFileOf = (document: string, template: string, hash: string) =>
  document === template ? `route-preload.${hash}.js` : `route-preload-${document.replace(/\.html$/, '')}.${hash}.js`;

export class RoutePreloadPlugin {
  /** `documentOf`: the document the server answers at an address (shared/console-pages.ts). */
  constructor(
    private readonly routes: RoutePreloads,
    private readonly documentOf: (path: string) => string = consoleFileFor,
    private readonly template = 'index.html',
  ) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      /** Document → its script's file. */
      const scripts = new Map<string, string>();
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const publicPath = compilation.getPath(compilation.outputOptions.publicPath as string);
          const byDocument = new Map<string, Record<string, string[]>>();
          for (const [path, groups] of Object.entries(this.routes)) {
            const chunkFiles = new Set<string>();
            for (const name of groups) {
              const group = compilation.namedChunkGroups.get(name);
              if (!group) throw new Error(`${NAME}: no chunk group named "${name}" (webpackChunkName) for ${path}`);
              for (const chunk of group.chunks)
                for (const file of chunk.files) if (file.endsWith('.js')) chunkFiles.add(publicPath + file);
            }
            const document = this.documentOf(path);
            byDocument.set(document, { ...byDocument.get(document), [path]: [...chunkFiles].sort() });
          }
          for (const [document, files] of byDocument) {
            const source = scriptOf(files);
            const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
            const file = scriptFileOf(document, this.template, hash);
            scripts.set(document, file);
            compilation.emitAsset(file, new webpack.sources.RawSource(source), { immutable: true });
          }
        },
      );
      // The template's script: the documents made from it (FirstPaintPlugin) carry its tag until the step below.
      let templateSrc: string | null = null;
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const file = scripts.get(this.template);
        if (data.outputName !== this.template || file === undefined) return data;
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath as string);
        templateSrc = publicPath + file;
        data.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('script', { src: templateSrc, async: true }));
        return data;
      });
      // Once every document is written (HtmlWebpackPlugin and FirstPaintPlugin, at OPTIMIZE_INLINE) and before they
      // are compressed: each other document gets its own script, or none.
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE + 1 },
        (assets) => {
          if (templateSrc === null) {
            if (scripts.size > 0)
              throw new Error(`${NAME}: the template (${this.template}) has no preloads of its own`);
            return;
          }
          const publicPath = compilation.getPath(compilation.outputOptions.publicPath as string);
          const templateTag = new RegExp(
            `<script[^>]*\\ssrc="${templateSrc.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*></script>`,
          );
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.html') || name === this.template) continue;
            const html = compilation.getAsset(name)!.source.source().toString();
            const tag = templateTag.exec(html)?.[0];
            if (tag === undefined) throw new Error(`${NAME}: ${name} lacks the template's script ${templateSrc}`);
            const file = scripts.get(name);
            const own = file === undefined ? '' : tag.replace(templateSrc, publicPath + file);
            compilation.updateAsset(name, new webpack.sources.RawSource(html.replace(tag, own)));
          }
        },
      );
    });
  }
}
