/**
 * The result detail page of a result (docs/product/project-results.md#detail-page
 * `/main/project/{id}/results/resultdetail:{name}`; docs/product/project-results.md#detail-page): `{name}` is the
 * result's IRN. The project's results grid and the reports Results tab both link to it, so the path is made in one
 * place.
 */
export const RESULT_DETAIL_PREFIX = 'resultdetail:';

export const resultDetailPath = (projectId: number, irn: string): string =>
  `/main/project/${projectId}/results/${RESULT_DETAIL_PREFIX}${encodeURIComponent(irn)}`;

/** The IRN of a `resultdetail:{name}` path segment (react-router hands it decoded), or null for any other segment. */
export const irnOfDetailSegment = (segment: string | undefined): string | null =>
  segment?.startsWith(RESULT_DETAIL_PREFIX) && segment.length > RESULT_DETAIL_PREFIX.length
    ? segment.slice(RESULT_DETAIL_PREFIX.length)
    : null;
