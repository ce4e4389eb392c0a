import type { PathItem } from "../openapi/openapi-types.js";
import { type OperationDefinition, openApiOperation } from "./define-operation.js";

/** The document's `paths` for these operations, in their order (methods of a path in declaration order). */
export function operationPaths(operations: readonly OperationDefinition[]): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const definition of operations) {
    const item = paths[definition.path] ?? {};
    paths[definition.path] = item;
    if (item[definition.method]) throw new Error(`${definition.method} ${definition.path} declared twice`);
    item[definition.method] = openApiOperation(definition);
  }
  return paths;
}
