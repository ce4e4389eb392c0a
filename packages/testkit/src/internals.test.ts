import { describe, expect, it } from "vitest";
import { internalsIn } from "./internals.js";

describe("internalsIn()", () => {
  it.each([
    [{ error: { code: "parameter_missing", message: "items.0.quantity is required." } }],
    [{ data: [{ id: "doc_1", links: { pdf: "http://127.0.0.1:8080/v1/files/doc_1/pdf" } }] }],
    [{ message: "Retry after 2 s; at least one line is required" }],
    ["<Invoice/>"],
    [{ components: { schemas: { Document: { $ref: "#/components/schemas/Base" } } } }],
  ])("should pass a clean body: %j", (body) => {
    expect(internalsIn(body)).toEqual([]);
  });

  it.each([
    [
      { errors: [{ $typeName: "einvoice.common.v1.FieldViolation", param: "x" }] },
      "body.errors[0].$typeName",
    ],
    [{ message: "boom\n    at handler (/work/main/services/gateway/src/http/app.ts:10:5)" }, "a stack trace"],
    [{ message: "cannot open /work/main/.data/gateway.sqlite" }, "a file path"],
    [{ message: "Cannot find module 'x' imported from file:///srv/app.js" }, "a file URL"],
    [{ message: "failed in document-routes.ts:42" }, "a source location"],
  ])("should find what leaks in %j", (body, finding) => {
    expect(internalsIn(body).join("\n")).toContain(finding);
  });
});
