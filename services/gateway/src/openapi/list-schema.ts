import { boolean } from "./field-schemas.js";
import { constant, type JsonSchema, objectSchema, schemaRef } from "./json-schema.js";

/** A page of a list route (`GET /v1/documents`, `/v1/events`, …): the one envelope every list answers. */
export interface PublicList<T> {
  object: "list";
  url: string;
  has_more: boolean;
  data: T[];
}

/** A page as every list route answers it (and as its examples show it). */
export function listPage<T>(url: string, hasMore: boolean, data: T[]): PublicList<T> {
  return { object: "list", url, has_more: hasMore, data };
}

/**
 * The schema of a list route's page of `item` (a component name): every list shares this one envelope, so the
 * lists cannot drift apart. `path` is the route's; a path without parameters is the `url` of every page.
 */
export function listSchema(item: string, path: string, names: { one: string; many: string }): JsonSchema {
  const { one, many } = names;
  const url: JsonSchema = path.includes("{")
    ? { type: "string", description: `The path of this list (\`${path}\`).` }
    : constant(path, "The path of this list.");
  return objectSchema<PublicList<unknown>>()({
    description: `A page of ${many}, newest first. Next (older) page: \`starting_after\` = the \`id\` of the last ${one} of \`data\`; previous (newer) page: \`ending_before\` = the \`id\` of the first.`,
    properties: {
      object: constant("list", "Always `list`."),
      url,
      has_more: boolean(
        `True when more ${many} exist beyond this page in the direction it was read (older with \`starting_after\` or no cursor, newer with \`ending_before\`).`,
      ),
      data: { type: "array", items: schemaRef(item), description: `The ${many} of this page, newest first.` },
    },
  });
}
