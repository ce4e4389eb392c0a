import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { eventually } from "./support/simulator-control.js";

// The published contract, read as a subscriber outside the project would: the JSON Schema files in docs/events,
// an independent ajv, and plain core-NATS subscriptions.
const docsDir = fileURLToPath(new URL("../../docs/events", import.meta.url));
const schemaFiles = readdirSync(docsDir).filter((f) => f.endsWith(".schema.json"));

function validatorFor(subject: string, validators: Map<string, ValidateFunction>): ValidateFunction {
  // `events.test.document.accepted` → events.schema.json; `dead.signing-issued` → dead.schema.json.
  const file =
    schemaFiles.find((f) => f === `${subject}.schema.json`) ?? `${subject.split(".")[0]}.schema.json`;
  const validate = validators.get(file);
  if (!validate) throw new Error(`no published schema for ${subject} (${file})`);
  return validate;
}

describe("subjects as a published contract", () => {
  let sys: TestSystem;
  let nc: NatsConnection;
  const captured: { subject: string; payload: unknown }[] = [];
  const validators = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    for (const file of schemaFiles) {
      // Formats are spelled out as patterns in the schemas; ajv need not know "date-time".
      const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
      validators.set(file, ajv.compile(JSON.parse(readFileSync(`${docsDir}/${file}`, "utf8"))));
    }
    sys = await bootTestSystem();
    nc = await connect({ servers: `nats://127.0.0.1:${sys.system.ports.nats}` });
    for (const filter of ["documents.>", "events.>", "dead.>"]) {
      nc.subscribe(filter, {
        callback: (_error, msg) => {
          captured.push({ subject: msg.subject, payload: msg.json() });
        },
      });
    }
    await nc.flush();
  });

  afterAll(async () => {
    await nc?.drain();
    await sys?.stop();
  });

  it("should publish one JSON Schema per subject, each with a valid example", () => {
    expect(schemaFiles.sort()).toEqual([
      "dead.schema.json",
      "documents.despatch_issued.schema.json",
      "documents.despatch_verdict.schema.json",
      "documents.issued.schema.json",
      "documents.rendered.schema.json",
      "documents.signed.schema.json",
      "documents.state.schema.json",
      "documents.verdict.schema.json",
      "documents.void_outcome.schema.json",
      "documents.void_requested.schema.json",
      "events.schema.json",
    ]);
    for (const file of schemaFiles) {
      const schema = JSON.parse(readFileSync(`${docsDir}/${file}`, "utf8"));
      const validate = validators.get(file)!;
      expect(validate(schema.examples[0]), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("should send only messages that validate against their published schema", async () => {
    const res = await sys.request("/v1/invoices", {
      body: {
        series: "F001",
        customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
        items: [{ description: "Widget", quantity: 2, unit_price: "50.00", discount: { percent: 10 } }],
      },
      headers: { prefer: "wait=20" },
    });
    expect(res.body.status).toBe("accepted");
    // A message that breaks the contract is parked on dead.<durable> by every consumer of its subject.
    nc.publish("documents.signed", JSON.stringify({ document_id: "doc_bogus" }));
    const expected = [
      "documents.issued",
      "documents.signed",
      "documents.verdict",
      "documents.state",
      "events.test.document.accepted",
      "dead.submission-signed",
      "dead.rendering-signed",
    ];
    await eventually(
      async () => captured.map((m) => m.subject),
      (seen) => expected.every((s) => seen.includes(s)),
    );
    expect(captured.map((m) => m.subject)).toEqual(expect.arrayContaining(expected));
    for (const { subject, payload } of captured) {
      if (subject === "documents.signed" && JSON.stringify(payload).includes("doc_bogus")) continue;
      const validate = validatorFor(subject, validators);
      expect(validate(payload), `${subject}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const state = captured.find((m) => m.subject === "documents.state")?.payload as Record<string, any>;
    expect(state.document.amounts.total).toBe("106.20");
  });
});
