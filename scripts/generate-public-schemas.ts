// Writes services/gateway/src/openapi/generated/public-schemas.json: the OpenAPI component schemas of the
// resources the gateway answers, generated from the proto messages its presenters read (`withNulls`), with the
// proto comments as descriptions. Run by `npm run generate`; a test fails when the file is stale.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DescMessage } from "@bufbuild/protobuf";
import { presentedJsonSchemas } from "@einvoice/contracts";
import { API_NAMES, describe, registryWithComments } from "./proto-registry.js";

const root = fileURLToPath(new URL("..", import.meta.url));
export const PUBLIC_SCHEMAS_FILE = join(root, "services/gateway/src/openapi/generated/public-schemas.json");

/**
 * The resources whose schemas are generated, with every message they reach; one group after the other, so that a
 * resource's parts follow it in the document.
 */
const ROOT_GROUPS = [
  ["einvoice.documents.v1.Document", "einvoice.events.v1.Event", "einvoice.events.v1.Email"],
  ["einvoice.api.v1.Company", "einvoice.api.v1.SolCredentials", "einvoice.api.v1.GreCredentials"],
  ["einvoice.api.v1.Error"],
  [
    "einvoice.api.v1.WebhookEndpoint",
    "einvoice.api.v1.WebhookDelivery",
    "einvoice.api.v1.WebhookEndpointDeleted",
  ],
];

/** Messages presented inline where they are used, not as components of their own. */
const INLINE = new Set(["einvoice.documents.v1.DespatchCarrier"]);

/** The schemas of the contracts' resources; or of `groups` in `registry` (the tests' own files). */
export function publicSchemasJson(
  registry = registryWithComments(),
  groups: readonly (readonly string[])[] = ROOT_GROUPS,
): string {
  const schemas: Record<string, unknown> = {};
  for (const group of groups) {
    const roots = group.map((name) => {
      const desc = registry.getMessage(name);
      if (!desc) throw new Error(`${name} is not in the proto image`);
      return desc;
    });
    const generated = presentedJsonSchemas(roots, {
      describe,
      componentName: (desc: DescMessage) => API_NAMES[desc.typeName] ?? desc.name,
      inline: INLINE,
    });
    for (const [name, schema] of Object.entries(generated)) {
      if (name in schemas) throw new Error(`${name} is reached from two groups; list it in the first`);
      schemas[name] = schema;
    }
  }
  return `${JSON.stringify(schemas, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(dirname(PUBLIC_SCHEMAS_FILE), { recursive: true });
  writeFileSync(PUBLIC_SCHEMAS_FILE, publicSchemasJson());
  console.log(`wrote ${PUBLIC_SCHEMAS_FILE}`);
}
