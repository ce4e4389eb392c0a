import type { Collection, Entity, FieldOps, Filter } from "./port.js";

export interface PageRequest {
  /** Rows per page. */
  limit: number;
  /** The page holds rows with smaller ids than this one (the next page of a newest-first list). */
  startingAfter?: string | undefined;
  /** The page holds the rows just greater than this id (the previous page), still returned newest first. */
  endingBefore?: string | undefined;
}

export interface Page<T> {
  rows: T[];
  /** Whether more rows lie beyond this page in the direction it was read. */
  hasMore: boolean;
}

/**
 * A newest-first page of a collection whose ids sort by creation time, with cursors both ways (the Stripe list
 * shape). Reading one row more than the limit says whether another page exists. Cursors are ids, not offsets,
 * so rows created while a caller pages never shift a page: no duplicate and no gap. The filter may bound `_id`
 * itself (with `$gte`/`$lte`): the cursor's bound is added to those.
 */
export async function pageByIdDescending<T extends Entity>(
  collection: Collection<T>,
  filter: Filter,
  request: PageRequest,
): Promise<Page<T>> {
  const limit = request.limit + 1;
  if (request.endingBefore) {
    const rows = await collection.find(withIdBound(filter, { $gt: request.endingBefore }), {
      sort: [{ field: "_id", direction: 1 }],
      limit,
    });
    return { rows: rows.slice(0, request.limit).reverse(), hasMore: rows.length > request.limit };
  }
  const rows = await collection.find(
    request.startingAfter ? withIdBound(filter, { $lt: request.startingAfter }) : filter,
    { sort: [{ field: "_id", direction: -1 }], limit },
  );
  return { rows: rows.slice(0, request.limit), hasMore: rows.length > request.limit };
}

/**
 * `filter` with `bound` (one `$lt` or `$gt` on the id) ANDed to its own conditions on `_id`, if any: where both
 * bound the same side the tighter one stays.
 */
function withIdBound(filter: Filter, bound: { $lt: string } | { $gt: string }): Filter {
  const own = filter._id;
  const ops: FieldOps =
    own === undefined ? {} : typeof own === "object" && own !== null ? { ...own } : { $eq: own };
  if ("$lt" in bound) ops.$lt = typeof ops.$lt === "string" && ops.$lt < bound.$lt ? ops.$lt : bound.$lt;
  else ops.$gt = typeof ops.$gt === "string" && ops.$gt > bound.$gt ? ops.$gt : bound.$gt;
  return { ...filter, _id: ops };
}
