import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { FilesystemObjectStore } from "@einvoice/objects";
import { DocumentSignedSchema } from "@einvoice/proto";
import { afterEach, describe, expect, it } from "vitest";
import { RenderDocument } from "./render-document.js";

describe("rendering a signed guide", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each(["09", "31"])(
    "type %s: nothing is printed and the message is done (no retries, no dead letter)",
    async (type) => {
      dir = mkdtempSync(join(tmpdir(), "render-guide-"));
      const objects = await FilesystemObjectStore.open(dir);
      const asked: string[] = [];
      const render = new RenderDocument({
        numbering: {
          getDocument: async () => {
            asked.push("getDocument");
            throw new Error("a guide is not read");
          },
        } as never,
        objects,
        broker: {} as never,
        consultUrl: "https://example.test",
        fonts: {} as never,
      });
      await render.execute(
        create(DocumentSignedSchema, {
          documentId: "doc_1",
          companyId: "cmp_1",
          livemode: false,
          ruc: "20000000001",
          type,
          series: type === "09" ? "T001" : "V001",
          number: 1,
          issueDate: "2026-11-25",
          fileName: `20000000001-${type}-T001-1`,
          xmlKey: "k",
          hash: "h",
        }),
      );
      expect(asked).toEqual([]);
      expect(await objects.get("cmp_1/test/doc_1/20000000001-09-T001-1.pdf")).toBeNull();
    },
  );
});
