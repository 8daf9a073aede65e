/** Where the list's order was cut: the sort value (as the cursor carries it) and the id of a row (ADR 0191). */
export interface ParticipantCut {
  value: string;
  id: number;
}
