/** The ILIKE/LIKE pattern of "contains `text`": the wildcards % and _ and the escape \ in it match themselves. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether a search is long enough for the trigram indexes (migration 053, ADR 0061): pg_trgm takes no trigram
 * from fewer than three characters, and a GIN scan without one reads the whole index.
 */
export const searchesByTrigram = (text: string): boolean => text.length >= 3;
