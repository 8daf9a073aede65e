/** What prepare-data.ts hands the bench: one line of stdout starting with the mark, then JSON. */
export const PREPARED_MARK = 'BENCH-PREPARED ';

export interface Prepared {
  tenantId: number;
  projectId: number;
  importProjectId: number;
}
