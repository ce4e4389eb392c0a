import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { subjects } from "@einvoice/broker";
import { describe, expect, it } from "vitest";
import { SUBJECT_EXAMPLES } from "./event-examples.js";
import { eventDocs } from "./generate-event-docs.js";

const docsDir = fileURLToPath(new URL("../docs/events", import.meta.url));

describe("docs/events", () => {
  it("should be what the contracts generate today (run `npm run generate` after a .proto change)", () => {
    for (const [file, text] of eventDocs()) {
      expect(readFileSync(join(docsDir, file), "utf8"), file).toBe(text);
    }
  });

  it.each(Object.keys(subjects) as (keyof typeof subjects)[])(
    "should hold an example of %s that its publisher would send (strict check)",
    (name) => {
      expect(() => subjects[name].payload.check(SUBJECT_EXAMPLES[name])).not.toThrow();
    },
  );
});
