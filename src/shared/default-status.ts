/** The project list's default Status filter (docs/product/project-list.md#filters): the options labelled Active. */
export const DEFAULT_STATUS_LABEL = 'Active';

export interface StatusOption {
  id: number;
  label: string;
  /** Position in the list; every tenant gets Active as its first Status (sequence 1). */
  sequence?: number;
}

/**
 * The ids of the default Status filter: the options labelled Active; in a translated interface ("Activo",
 * "Aktibo") no label reads Active, so the default is then the first Status (sequence 1), Active in every language.
 * The console shows it as the filter's value; the server applies it when asked for the default (`defaultStatus`),
 * so the list needs no lookup first.
 */
export const defaultStatusIds = (options: readonly StatusOption[]): number[] => {
  const labelled = options.filter((option) => option.label === DEFAULT_STATUS_LABEL);
  return (labelled.length ? labelled : options.filter((option) => option.sequence === 1)).map((option) => option.id);
};
