/**
 * Prerendered pages (ADR 0082). The build's `first-paint` compilation (webpack.config.ts) bundles
 * src/web/prerender.tsx for Node; once it is written, this plugin, in the browser compilation, renders each
 * prerendered page in each language with React's server renderer and writes the documents the server answers:
 *   - `index.html`: the sign-in page (`/`), `shell.html`: the shell's frame (every /main address),
 *   - `console.html`: every other console address, with an empty root the script renders into.
 * Every document carries, before the first paint, the inline script that applies the remembered theme and language
 * and Chakra's global styles as a static stylesheet; the prerendered ones also carry the CSS of their components
 * (extracted from emotion) in the `<style data-emotion="css …">` form emotion adopts in the browser; `shell.html`'s
 * also those of the open shell's top bar and sidebar (ADR 0173), which emotion then never inserts.
 */
import { createRequire } from 'node:module';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import { PLAIN_CONSOLE_FILE, PRERENDERED_PAGES, type PrerenderedPage } from '../src/shared/console-pages';

const NAME = 'FirstPaintPlugin';
const ROOT = '<div id="root"></div>';

interface FirstPaint {
  html: string;
  styles: { name: string; css: string }[];
}

/** What src/web/prerender.tsx exports. */
interface PrerenderBundle {
  PAGES: PrerenderedPage[];
  LOCALES: readonly string[];
  renderPage(page: PrerenderedPage, locale: string): Promise<FirstPaint>;
  staticCss(): string;
  headScript(): string;
}

const loadBundle = (file: string): PrerenderBundle => {
  const load = createRequire(file);
  // A watch rebuild writes a new bundle to the same path.
  delete load.cache[load.resolve(file)];
  return load(file) as PrerenderBundle;
};

/**
 * The prerendered page stays unpainted until its markup is parsed: on a slow phone the browser painted a half-parsed
 * sign-in card (one field of two), then the whole one, and the centred card moved (CLS 0.05 in 2 of 6 quiet mobile
 * loads, docs/bench.md). The rule after the root element shows it in one piece; it needs no script.
 */
const HIDE_WHILE_PARSING = '<style>[data-first-paint]{visibility:hidden}</style>';
const REVEAL_WHEN_PARSED = '<style>[data-first-paint]{visibility:visible}</style>';

/** `</style>` cannot occur in CSS that emotion compiled, but a stray one would end the element early. */
const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/** One page: the English markup in the root element, the other languages hidden beside it. */
async function pageDocument(template: string, bundle: PrerenderBundle, page: PrerenderedPage, head: string) {
  const [source, ...others] = bundle.LOCALES;
  // One after the other: a render activates its language in Lingui's shared i18n instance.
  const paints: FirstPaint[] = [];
  for (const locale of bundle.LOCALES) paints.push(await bundle.renderPage(page, locale));
  const containers = paints.map((paint, index) => {
    const locale = index === 0 ? source : others[index - 1];
    const attributes = `data-first-paint="${page}" data-locale="${locale}"`;
    return index === 0
      ? `<div id="root" ${attributes}>${paint.html}</div>${REVEAL_WHEN_PARSED}`
      : `<div ${attributes} hidden>${paint.html}</div>`;
  });
  // Every language's classes, once each, in the order the renders inserted them.
  const styles = new Map(paints.flatMap((paint) => paint.styles.map(({ name, css }) => [name, css] as const)));
  const emotion = `<style data-emotion="css ${[...styles.keys()].join(' ')}">${styleText([...styles.values()].join(''))}</style>`;
  return template
    .replace('</head>', `${head}${emotion}${HIDE_WHILE_PARSING}</head>`)
    .replace(ROOT, containers.join(''));
}

export class FirstPaintPlugin {
  /** `bundle`: the file the first-paint compilation writes. */
  constructor(private readonly bundle: string) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tapPromise(NAME, async (data) => {
        if (!data.html.includes(ROOT) || !data.html.includes('</head>'))
          throw new Error(`${NAME}: the template needs ${ROOT} and a </head>`);
        const bundle = loadBundle(this.bundle);
        const head = `<script>${bundle.headScript()}</script><style data-static-css>${styleText(bundle.staticCss())}</style>`;
        const template = data.html;
        for (const page of bundle.PAGES) {
          const file = PRERENDERED_PAGES[page].file;
          const document = await pageDocument(template, bundle, page, head);
          if (file === data.outputName) data.html = document;
          else compilation.emitAsset(file, new webpack.sources.RawSource(document));
        }
        compilation.emitAsset(
          PLAIN_CONSOLE_FILE,
          new webpack.sources.RawSource(template.replace('</head>', `${head}</head>`)),
        );
        return data;
      });
    });
  }
}
