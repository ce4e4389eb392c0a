import { fileURLToPath } from "node:url";
import { createTestCertificate } from "@einvoice/ubl";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";

// An internal team's client: the .proto files, @grpc/proto-loader with snake_case fields, plain objects.
const protoDir = fileURLToPath(new URL("../../proto", import.meta.url));
const definition = protoLoader.loadSync(
  [
    "einvoice/tax/v1/tax.proto",
    "einvoice/numbering/v1/numbering.proto",
    "einvoice/signing/v1/signing.proto",
    "einvoice/submission/v1/submission.proto",
    "einvoice/notification/v1/notification.proto",
    "einvoice/stream/v1/stream.proto",
    "grpc/health/v1/health.proto",
  ],
  { includeDirs: [protoDir], keepCase: true, defaults: true, oneofs: true, enums: String },
);
// proto-loader's package tree is untyped, as for any grpc-js caller.
const { einvoice, grpc: grpcPackages } = grpc.loadPackageDefinition(definition) as any;
const grpcHealth = grpcPackages.health.v1;

type Unary = (request: unknown, callback: (error: grpc.ServiceError | null, response: any) => void) => void;
// Responses are read field by field, as a plain-JavaScript client would.
type Response = any;

function call(client: grpc.Client, method: string, request: unknown): Promise<Response> {
  const rpc = (client as unknown as Record<string, Unary>)[method]!.bind(client);
  return new Promise((resolve, reject) =>
    rpc(request, (error, res) => (error ? reject(error) : resolve(res))),
  );
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("every internal RPC from a plain @grpc/grpc-js client", () => {
  let sys: TestSystem;
  const clients: grpc.Client[] = [];
  let tax: grpc.Client;
  let numbering: grpc.Client;
  let signing: grpc.Client;
  let submission: grpc.Client;
  let notification: grpc.Client;
  let stream: grpc.Client;
  let scope: { company_id: string; livemode: boolean };

  beforeAll(async () => {
    sys = await bootTestSystem();
    const open = (
      Service: new (address: string, credentials: grpc.ChannelCredentials) => grpc.Client,
      port: number,
    ) => {
      const client = new Service(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
      clients.push(client);
      return client;
    };
    const { ports } = sys.system;
    tax = open(einvoice.tax.v1.TaxService, ports.taxRpc);
    numbering = open(einvoice.numbering.v1.NumberingService, ports.numberingRpc);
    signing = open(einvoice.signing.v1.SigningService, ports.signingRpc);
    submission = open(einvoice.submission.v1.SubmissionService, ports.submissionRpc);
    notification = open(einvoice.notification.v1.NotificationService, ports.notificationRpc);
    stream = open(einvoice.stream.v1.StreamService, ports.streamRpc);
    scope = { company_id: sys.companyId, livemode: false };
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await sys?.stop();
  });

  const request = {
    series: "F001",
    customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE SAC" },
    items: [{ description: "Widget", quantity: "2", unit_price: "100.00" }],
  };
  const issuer = {
    ruc: "20000000001",
    legal_name: "EMPRESA DE PRUEBA S.A.C.",
    address: { line: "Av. Arequipa 123", establishment_code: "0000", country_code: "PE" },
  };

  it("StreamService.Subscribe streams a position, then the events of the caller's company as they happen", async () => {
    const call = (stream as any).Subscribe({
      scope,
      after: "",
      types: [],
      document_id: "",
    }) as grpc.ClientReadableStream<any>;
    const items: any[] = [];
    const got = new Promise<void>((resolve, reject) => {
      call.on("data", (item) => {
        items.push(item);
        if (items.some((i) => i.item === "event")) resolve();
      });
      call.on("error", (error: grpc.ServiceError) => {
        if (error.code !== grpc.status.CANCELLED) reject(error);
      });
    });
    await until(
      async () => items.length,
      (n) => n > 0,
    );
    expect(items[0]).toMatchObject({ item: "position", position: expect.stringMatching(/^pos_\d+$/) });
    await sys.request("/v1/invoices", { body: request, headers: { prefer: "wait=20" } });
    await got;
    call.cancel();
    const event = items.find((i) => i.item === "event").event;
    expect(event).toMatchObject({ object: "event", type: "document.accepted", livemode: false });
    expect(event.data.document.amounts.total).toBe("236.00");
  });

  it("TaxService.ComputeDocument answers typed amounts, and INVALID_ARGUMENT naming a bad field", async () => {
    const res = await call(tax, "ComputeDocument", { type: "01", request, today: "" });
    expect(res.document.amounts.igv).toBe("36.00");
    expect(res.document.amounts.total).toBe("236.00");
    expect(res.document.lines[0].unit_code).toBe("NIU");
    expect(res.document.legends[0]).toEqual({
      code: "1000",
      text: "DOSCIENTOS TREINTA Y SEIS CON 00/100 SOLES",
    });

    const bad = { ...request, items: [{ ...request.items[0], discount: { amount: "999.00" } }] };
    const error = await call(tax, "ComputeDocument", { type: "01", request: bad }).catch((e) => e);
    expect(error.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(error.metadata.get("grpc-status-details-bin")).toHaveLength(1);
  });

  it("NumberingService.IssueDocument and GetDocument carry the Document; signing and submission follow", async () => {
    const { document: computed } = await call(tax, "ComputeDocument", { type: "01", request });
    const issued = await call(numbering, "IssueDocument", { scope, issuer, computed });
    expect(issued.document).toMatchObject({
      object: "document",
      type: "01",
      series: "F001",
      status: "pending",
    });
    expect(issued.document.number).toBeGreaterThan(0);
    expect(issued.document.amounts.igv).toBe("36.00");
    const id = issued.document.id;

    const got = await until(
      () => call(numbering, "GetDocument", { scope, id }),
      (res) => res.document.status !== "pending" && Boolean(res.files.cdr),
    );
    expect(got.document.status).toBe("accepted");
    expect(got.document.sunat).toMatchObject({ code: "0", simulated: true });
    expect(got.document.hash).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(got.files.xml).toMatch(
      new RegExp(`/test/${got.document.issue_date}/${id}_20000000001-01-F001-\\d+\\.xml$`),
    );

    const listed = await call(numbering, "ListDocuments", { scope, limit: 5, series: "F001" });
    expect(listed.documents.map((d: { id: string }) => d.id)).toContain(id);
    expect(typeof listed.has_more).toBe("boolean");

    const sub = await call(submission, "GetSubmission", { scope, document_id: id });
    expect(sub).toMatchObject({ document_id: id, state: "done", response_code: "0", simulated: true });
    expect(sub.attempts).toBeGreaterThanOrEqual(1);

    const events = await until(
      () => call(notification, "ListEvents", { scope, document_id: id, limit: 10 }),
      (res) => res.events.length > 0,
    );
    expect(events.has_more).toBe(false);
    const [event] = events.events;
    expect(event).toMatchObject({ object: "event", type: "document.accepted", livemode: false });
    expect(event.data.document.id).toBe(id);
    expect(event.data.document.amounts.total).toBe("236.00");
    const one = await call(notification, "GetEvent", { scope, id: event.id });
    expect(one.event.id).toBe(event.id);

    const missing = await call(numbering, "GetDocument", { scope: { ...scope, livemode: true }, id }).catch(
      (e) => e,
    );
    expect(missing.code).toBe(grpc.status.NOT_FOUND);
  });

  it("NumberingService.IssueDocument refuses a message without its computed document", async () => {
    const error = await call(numbering, "IssueDocument", { scope, issuer }).catch((e) => e);
    expect(error.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(error.details).toContain("computed");
  });

  it("NumberingService.IssueDocuments answers each item in order: a document, or the item's own error", async () => {
    const { document: computed } = await call(tax, "ComputeDocument", { type: "01", request });
    const res = await call(numbering, "IssueDocuments", {
      items: [
        { scope, issuer, computed },
        { scope, issuer },
        { scope, issuer, computed },
      ],
    });
    expect(res.results.map((r: { outcome: string }) => r.outcome)).toEqual(["document", "error", "document"]);
    const [first, refused, third] = res.results;
    expect(third.document.number).toBe(first.document.number + 1);
    // The refusal travels as the single call's error: INVALID_ARGUMENT with its FieldViolations detail.
    expect(refused.error.code).toBe(grpc.status.INVALID_ARGUMENT);
    const [detail] = refused.error.details;
    expect(detail.type_url).toBe("type.googleapis.com/einvoice.common.v1.FieldViolations");
    expect(Buffer.from(detail.value).toString("latin1")).toContain("computed");
  });

  it("SigningService.GetSigningStatus and UploadCertificate", async () => {
    const before = await call(signing, "GetSigningStatus", { scope });
    expect(before.has_certificate).toBe(true);
    const pem = createTestCertificate({ ruc: "20000000001", legalName: "EMPRESA DE PRUEBA S.A.C." });
    const uploaded = await call(signing, "UploadCertificate", {
      scope,
      pem: { certificate_pem: pem.certificatePem, private_key_pem: pem.privateKeyPem },
    });
    expect(uploaded.certificate.source).toBe("uploaded");
    expect(uploaded.certificate.fingerprint_sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const after = await call(signing, "GetSigningStatus", { scope });
    expect(after.certificate.fingerprint_sha256).toBe(uploaded.certificate.fingerprint_sha256);
  });

  it("grpc.health.v1.Health.Check answers SERVING on every service's RPC port", async () => {
    const { ports } = sys.system;
    for (const port of [
      ports.taxRpc,
      ports.numberingRpc,
      ports.signingRpc,
      ports.submissionRpc,
      ports.notificationRpc,
    ]) {
      const client = new grpcHealth.Health(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
      clients.push(client);
      expect(await call(client, "Check", { service: "" })).toEqual({ status: "SERVING" });
    }
  });

  it("SubmissionService.SetSolCredentials and GetSubmissionSetup", async () => {
    const live = { ...scope, livemode: true };
    const set = await call(submission, "SetSolCredentials", {
      scope: live,
      user: "MODDATOS",
      password: "moddatos",
    });
    expect(set.sol_user).toBe("MODDATOS");
    const setup = await call(submission, "GetSubmissionSetup", { scope: live });
    expect(setup).toMatchObject({ has_sol_credentials: true, sol_user: "MODDATOS" });
    const refused = await call(submission, "SetSolCredentials", {
      scope: live,
      user: "",
      password: "",
    }).catch((e) => e);
    expect(refused.code).toBe(grpc.status.INVALID_ARGUMENT);
  });
});
