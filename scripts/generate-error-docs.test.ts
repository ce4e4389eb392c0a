import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { errorsDocument } from "../services/gateway/src/openapi/error-catalog.js";
import { ERRORS_DOC } from "./generate-error-docs.js";

describe("docs/errors.md", () => {
  it("should be what the error tables generate today (run `npm run generate` after editing one)", () => {
    expect(readFileSync(ERRORS_DOC, "utf8")).toBe(errorsDocument());
  });
});
