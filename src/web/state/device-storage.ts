/** Keys the specification fixes for settings remembered on the device (docs/product/shell-and-session.md#languages). */
export const STORAGE_KEYS = {
  langId: 'langid',
  languageId: 'languageId',
  theme: 'theme_preference',
} as const;

/** redux-persist's key: the persisted slices are stored under `persist:<key>` (app/store.ts). */
export const PERSIST_KEY = 'voxscreen';

export type ThemePreference = 'light' | 'dark';

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Access to localStorage throws when the browser blocks site data.
    return null;
  }
};

export const readStoredLanguageId = (): number | null => {
  const raw = storage()?.getItem(STORAGE_KEYS.languageId) ?? storage()?.getItem(STORAGE_KEYS.langId) ?? null;
  const id = raw === null ? Number.NaN : Number.parseInt(raw, 10);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export const writeStoredLanguageId = (id: number | null): void => {
  const target = storage();
  if (!target) return;
  if (id === null) {
    target.removeItem(STORAGE_KEYS.langId);
    target.removeItem(STORAGE_KEYS.languageId);
  } else {
    target.setItem(STORAGE_KEYS.langId, String(id));
    target.setItem(STORAGE_KEYS.languageId, String(id));
  }
};

export const readStoredTheme = (): ThemePreference =>
  storage()?.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';

export const writeStoredTheme = (theme: ThemePreference): void => {
  storage()?.setItem(STORAGE_KEYS.theme, theme);
};
