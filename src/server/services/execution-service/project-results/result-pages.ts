import type { Db } from '../../../platform/db/schema';
import { readKeysetPages, readPages } from '../../../platform/http/csv-download';
import { probedOnce } from '../../../platform/db/list-search';
import {
  findResultSearch,
  keysetOrder,
  readResults,
  readResultsAfter,
  type ListedResult,
  type ResultKeyset,
  type ResultQuery,
} from './results-store';

/**
 * The results of the list's query page by page, each page its own short transaction: the one reader of the exports
 * and the zip of PDFs (docs/product/results-downloads.md). By keyset in the orders an index serves (ADR 0114), so each
 * page reads only its rows; the IRN and question orders sort the filtered results for every page either way and are
 * read by offset. The search is probed once, for every page (probedOnce).
 */
export function resultPages(
  inTenant: <T>(fn: (trx: Db) => Promise<T>) => Promise<T>,
  query: ResultQuery,
  options: { pageSize?: number; maxRows?: number },
): AsyncIterable<ListedResult[]> {
  const readSearch = probedOnce((trx, names) => findResultSearch(trx, query, names));
  if (keysetOrder(query))
    return readKeysetPages(
      (after: ResultKeyset | null, limit: number) =>
        inTenant((trx) => readResultsAfter(trx, query, limit, after, readSearch(trx))),
      options,
    );
  return readPages(
    (offset, limit) => inTenant((trx) => readResults(trx, query, limit, offset, readSearch(trx))),
    options,
  );
}
