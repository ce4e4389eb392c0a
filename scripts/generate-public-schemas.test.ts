import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PUBLIC_SCHEMAS_FILE, publicSchemasJson } from "./generate-public-schemas.js";

describe("services/gateway/src/openapi/generated/public-schemas.json", () => {
  it("should be what the contracts generate today (run `npm run generate` after a .proto change)", () => {
    expect(readFileSync(PUBLIC_SCHEMAS_FILE, "utf8")).toBe(publicSchemasJson());
  });
});
