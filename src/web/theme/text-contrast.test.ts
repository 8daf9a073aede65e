/**
 * The text colour tokens the console writes messages in meet WCAG 1.4.3's 4.5:1 against the page and panel
 * backgrounds, in the light and the dark theme (docs/product/shell-and-session.md#accessibility). Chakra's own
 * fg.error, fg.warning and fg.success do not on white (3.8:1, 3.55:1 and 3.3:1), so brand-config.ts sets them.
 */
import { system } from './system';

type Mode = '_light' | '_dark';

interface Token {
  value: string;
  originalValue?: unknown;
  extensions: { conditions?: Partial<Record<Mode | 'base', string>> };
}

const tokenByName = (name: string): Token => {
  const token = (system.tokens as unknown as { getByName(name: string): Token | undefined }).getByName(name);
  if (!token) throw new Error(`no token ${name}`);
  return token;
};

/** A colour token's hex value in a mode, following `{colors.…}` references. */
function hex(name: string, mode: Mode): string {
  const token = tokenByName(name);
  const conditions = token.extensions.conditions;
  const raw = conditions?.[mode] ?? conditions?.base ?? String(token.originalValue ?? token.value);
  const reference = /^\{(.+)\}$/.exec(raw);
  if (reference) return hex(reference[1]!, mode);
  if (raw === 'white' || raw === 'black') return hex(`colors.${raw}`, mode);
  if (!/^#[0-9a-f]{6}$/i.test(raw)) throw new Error(`${name} is ${raw}, not a hex colour`);
  return raw;
}

function luminance(colour: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const TEXT = ['fg', 'fg.muted', 'fg.error', 'fg.warning', 'fg.success', 'brand.fg', 'orange.fg', 'red.fg'];
const BACKGROUNDS = ['bg', 'bg.panel'];
const cases = (['_light', '_dark'] as const).flatMap((mode) =>
  TEXT.flatMap((text) => BACKGROUNDS.map((background) => [text, background, mode] as const)),
);

test.each(cases)('%s on %s (%s) is at least 4.5:1', (text, background, mode) => {
  const ratio = contrast(hex(`colors.${text}`, mode), hex(`colors.${background}`, mode));
  expect(ratio).toBeGreaterThanOrEqual(4.5);
});

test('the contrast helper matches a known figure: Chakra orange.600 on white is 3.55:1', () => {
  expect(contrast(hex('colors.orange.600', '_light'), '#ffffff')).toBeCloseTo(3.56, 1);
});
