/** What prepare-data.ts hands the bench: one line of stdout starting with the mark, then JSON. */
export const PREPARED_MARK = 'BENCH-PREPARED ';

export interface Prepared {
  tenantId: number;
  projectId: number;
  importProjectId: number;
  /** This run's project of 30,000 invitable participants (e-mail on, a template saved) for the bulk invite. */
  inviteProjectId: number;
}
