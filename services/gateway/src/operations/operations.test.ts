import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi/openapi-document.js";
import type { Parameter, Reference } from "../openapi/openapi-types.js";
import { routerPath } from "./define-operation.js";
import { OPERATIONS } from "./operations.js";

/**
 * The list the router and the OpenAPI paths are both built from: each operation once, reachable where it is
 * mounted, and its path's parameters described.
 */

const doc = buildOpenApiDocument();
const segments = (path: string) => path.split("/").filter(Boolean);
const isTemplate = (segment: string) => /^\{[^}]+\}$/.test(segment);

describe("the operations list", () => {
  it("declares each operation id and each method and path once", () => {
    const ids = OPERATIONS.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = OPERATIONS.map((o) => `${o.method} ${o.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("is what the document's paths hold, operation for operation", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => `${method} ${path} ${operation.operationId}`),
    );
    expect(documented).toEqual(OPERATIONS.map((o) => `${o.method} ${o.path} ${o.operationId}`));
  });

  it("lets no templated path shadow a later operation of the same method (the router takes the first match)", () => {
    const matches = (pattern: string, path: string) => {
      const [p, q] = [segments(pattern), segments(path)];
      return p.length === q.length && p.every((s, i) => isTemplate(s) || s === q[i]);
    };
    for (const [i, later] of OPERATIONS.entries())
      for (const earlier of OPERATIONS.slice(0, i))
        if (earlier.method === later.method)
          expect(matches(earlier.path, later.path), `${earlier.operationId} hides ${later.operationId}`).toBe(
            false,
          );
  });

  it("describes every path parameter, with the router's name for it", () => {
    for (const operation of OPERATIONS) {
      const declared = (operation.parameters ?? [])
        .map((p) => ("$ref" in p ? (p as Reference) : (p as Parameter)))
        .filter((p): p is Parameter => "in" in p && p.in === "path")
        .map((p) => p.name);
      const inPath = segments(operation.path)
        .filter(isTemplate)
        .map((s) => s.slice(1, -1));
      expect(declared.sort(), operation.operationId).toEqual([...inPath].sort());
      expect(routerPath(operation.path), operation.operationId).not.toMatch(/[{}]/);
    }
  });

  it("mounts before the JSON body parser only operations whose body is not JSON, and without a key only the reference", () => {
    for (const operation of OPERATIONS) {
      const media = Object.keys(operation.requestBody?.content ?? {});
      if (operation.mount === "raw") expect(media, operation.operationId).not.toContain("application/json");
      if (media.includes("application/json"))
        expect(operation.mount ?? "api", operation.operationId).toBe("api");
      if (operation.mount === "public") expect(operation.security, operation.operationId).toEqual([]);
    }
  });
});
