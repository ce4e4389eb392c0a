import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";

const protoDir = fileURLToPath(new URL("../../proto", import.meta.url));

describe("internal RPCs from a plain @grpc/grpc-js client", () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await bootTestSystem();
  });

  afterAll(async () => {
    await sys?.stop();
  });

  it("should compute a document over gRPC", async () => {
    const definition = protoLoader.loadSync("einvoice/tax/v1/tax.proto", {
      includeDirs: [protoDir],
      keepCase: true,
    });
    const pkg = grpc.loadPackageDefinition(definition) as any;
    const client = new pkg.einvoice.tax.v1.TaxService(
      `127.0.0.1:${sys.system.ports.taxRpc}`,
      grpc.credentials.createInsecure(),
    );
    const struct = (value: unknown): unknown => {
      if (typeof value === "string") return { stringValue: value };
      if (typeof value === "number") return { numberValue: value };
      if (typeof value === "boolean") return { boolValue: value };
      if (Array.isArray(value)) return { listValue: { values: value.map(struct) } };
      return {
        structValue: {
          fields: Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, struct(v)])),
        },
      };
    };
    const request = (
      struct({
        series: "F001",
        customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
        items: [{ description: "Widget", quantity: 1, unit_price: "100.00" }],
      }) as { structValue: unknown }
    ).structValue;
    const response: any = await new Promise((resolve, reject) =>
      client.ComputeDocument({ type: "01", request }, (error: Error | null, res: unknown) =>
        error ? reject(error) : resolve(res),
      ),
    );
    client.close();
    const amounts = response.document.fields.amounts.structValue.fields;
    expect(amounts.total.stringValue).toBe("118.00");
    expect(amounts.igv.stringValue).toBe("18.00");
  });
});
