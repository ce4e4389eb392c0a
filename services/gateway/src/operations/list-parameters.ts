import { errorResponse } from "../openapi/error-responses.js";
import type { Parameter } from "../openapi/openapi-types.js";
import { queryParameter } from "../openapi/operation-parts.js";

/** `limit`, `starting_after`, `ending_before`: the page of any list. */
export function pageParameters(what: string, exampleId: string): Parameter[] {
  return [
    queryParameter(
      "limit",
      `How many ${what} per page: 1–100; default 10. Over 100 is refused (422), not capped.`,
      {
        type: "integer",
        minimum: 1,
        maximum: 100,
        default: 10,
        examples: [10],
      },
    ),
    queryParameter(
      "starting_after",
      `Cursor for the next (older) page: the \`id\` of the last item of the page you have. The list is read by id, so ${what} created meanwhile never shift it.`,
      { type: "string", examples: [exampleId] },
    ),
    queryParameter(
      "ending_before",
      "Cursor for the previous (newer) page: the `id` of the first item of the page you have. Not with `starting_after`.",
      { type: "string", examples: [exampleId] },
    ),
  ];
}

/** The 422 of a list whose query cannot be read. */
export const badQuery = (filters: string) =>
  errorResponse(
    `A query parameter is repeated, empty or out of range, or a filter has no valid value (${filters}). \`errors\` names each.`,
    ["list_query_invalid"],
  );
