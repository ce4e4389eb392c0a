// Writes docs/events/<subject>.schema.json for every subject of the broker catalog: the JSON Schema of its
// payload (the tolerant form subscribers should apply), generated from the proto message with the proto comments
// as descriptions, plus an example. Run by `npm run generate`; a test fails when the files are stale.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { subjects } from "@einvoice/broker";
import { messageJsonSchema } from "@einvoice/contracts";
import { SUBJECT_EXAMPLES } from "./event-examples.js";
import { describe, registryWithComments } from "./proto-registry.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = join(root, "docs", "events");

export function eventDocs(): Map<string, string> {
  const registry = registryWithComments();
  const files = new Map<string, string>();
  for (const [name, def] of Object.entries(subjects)) {
    const desc = registry.getMessage(def.payload.typeName);
    if (!desc) throw new Error(`${def.payload.typeName} is not in the proto image`);
    const schema = {
      ...messageJsonSchema(desc, { mode: "tolerant", describe }),
      title: `${def.subject}${def.subject.includes(".") ? "" : ".…"} — ${def.payload.typeName}`,
      description: def.summary,
      "x-subject": def.subject,
      "x-stream": def.stream.name,
      examples: [SUBJECT_EXAMPLES[name as keyof typeof subjects]],
    };
    files.set(`${def.subject}.schema.json`, `${JSON.stringify(schema, null, 2)}\n`);
  }
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(outDir, { recursive: true });
  for (const [file, text] of eventDocs()) writeFileSync(join(outDir, file), text);
  console.log(`wrote ${outDir}`);
}
