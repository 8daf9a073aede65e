import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { messages as en } from './locales/en/messages';
import { messages as es } from './locales/es/messages';
import { messages as tl } from './locales/tl/messages';
import { SUPPORTED_LOCALES } from './activate-locale';

interface PoEntry {
  id: string;
  message: string;
  translation: string;
}

/** Reads the catalogues Lingui writes (one-line msgid/msgstr pairs, no contexts). */
const readPo = (locale: string): PoEntry[] => {
  const text = readFileSync(join(__dirname, 'locales', locale, 'messages.po'), 'utf8');
  const entries: PoEntry[] = [];
  let message: string | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) message = JSON.parse(line.slice(6)) as string;
    if (line.startsWith('msgstr ') && message !== null && message !== '') {
      entries.push({ id: generateMessageId(message), message, translation: JSON.parse(line.slice(7)) as string });
    }
    if (line.startsWith('msgstr ')) message = null;
  }
  return entries;
};

const placeholders = (text: string) => [...text.matchAll(/\{\w+\}|<\/?\d+>/g)].map((match) => match[0]).sort();

const compiled = { en, es, tl } as const;

/** Names written the same in every language: questionnaire product names and the SMS abbreviation. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Precision', 'Express', 'Protect', 'Surge', 'SMS', 'PDF']);
/** Words a language really writes as English does (Spanish "No"). */
const SAME_IN: Record<string, ReadonlySet<string>> = { es: new Set(['No']) };

describe('catalogues', () => {
  it.each(SUPPORTED_LOCALES)('compiled %s catalogue matches its .po file (run npm run i18n:compile)', (locale) => {
    const entries = readPo(locale);
    expect(entries.length).toBeGreaterThan(0);
    const expected = Object.fromEntries(entries.map((entry) => [entry.id, compileMessage(entry.translation)]));
    expect(compiled[locale]).toEqual(expected);
  });

  it.each(['es', 'tl'] as const)('%s translates every message, keeping its placeholders', (locale) => {
    for (const entry of readPo(locale)) {
      expect({ message: entry.message, translation: entry.translation.trim() }).not.toEqual({
        message: entry.message,
        translation: '',
      });
      const same =
        entry.translation === entry.message &&
        !SAME_IN_EVERY_LANGUAGE.has(entry.message) &&
        !SAME_IN[locale]?.has(entry.message);
      expect({ message: entry.message, same }).toEqual({
        message: entry.message,
        same: false,
      });
      expect(placeholders(entry.translation)).toEqual(placeholders(entry.message));
    }
  });

  it('has the same messages in every language', () => {
    const ids = (locale: string) => readPo(locale).map((entry) => entry.id);
    expect(ids('es')).toEqual(ids('en'));
    expect(ids('tl')).toEqual(ids('en'));
  });
});
