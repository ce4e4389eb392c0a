import { createClient, createRouterTransport } from "@connectrpc/connect";
import { Code, ConnectError, connectErrorOf, readViolations } from "@einvoice/platform";
import { TaxService } from "@einvoice/proto";
import { describe, expect, it } from "vitest";
import { MAX_COMPUTE_BATCH, taxRoutes } from "./tax-routes.js";

const client = createClient(
  TaxService,
  createRouterTransport(taxRoutes(() => new Date("2026-11-22T15:00:00Z"))),
);

const invoice = {
  series: "F001",
  customer: { documentType: "6", documentNumber: "20100070970", name: "Cliente SAC" },
  items: [{ description: "Widget", quantity: "2", unitPrice: "50.00" }],
};

describe("TaxService.ComputeDocument", () => {
  it("should compute a taxed PEN invoice", async () => {
    const res = await client.computeDocument({ type: "01", request: invoice });
    expect(res.document?.amounts).toMatchObject({ taxed: "100.00", igv: "18.00", total: "118.00" });
    expect(res.document?.issueDate).toBe("2026-11-22");
  });

  it("should compute at the special IGV rate for a restaurants_hotels issuer (10.5 % in 2026)", async () => {
    const res = await client.computeDocument({
      type: "01",
      request: invoice,
      igvRegime: "restaurants_hotels",
    });
    expect(res.document?.amounts).toMatchObject({ taxed: "100.00", igv: "10.50", total: "110.50" });
  });

  it("should fail with field violations naming the field", async () => {
    const bad = {
      ...invoice,
      items: [{ description: "Widget", quantity: "2", unitPrice: "50.00", discount: { amount: "500.00" } }],
    };
    const error = await client.computeDocument({ type: "01", request: bad }).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(error).map((v) => v.param)).toContain("items.0.discount.amount");
  });

  it("should refuse an unknown document type", async () => {
    const error = await client.computeDocument({ type: "09", request: invoice }).catch((e) => e);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
  });

  it("should name a missing request and a missing line field, not fail inside the engine", async () => {
    const missing = await client.computeDocument({ type: "01" }).catch((e) => e);
    expect(readViolations(missing)).toEqual([expect.objectContaining({ param: "", code: "required" })]);
    const noItemsField = await client
      .computeDocument({ type: "01", request: { series: "F001", items: [{ description: "Widget" }] } })
      .catch((e) => e);
    expect((noItemsField as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(noItemsField).map((v) => v.param)).toContain("items.0.quantity");
  });
});

describe("TaxService.ComputeDocuments", () => {
  it("should answer each item on its own: a bad one carries its violations, its neighbours their documents", async () => {
    const bad = { ...invoice, items: [{ description: "Widget", quantity: "0", unitPrice: "50.00" }] };
    const { results } = await client.computeDocuments({
      items: [
        { type: "01", request: invoice },
        { type: "01", request: bad },
        { type: "03", request: { ...invoice, series: "B001" }, igvRegime: "restaurants_hotels" },
        { type: "09", request: invoice },
      ],
    });
    expect(results.map((r) => r.outcome.case)).toEqual(["document", "error", "document", "error"]);
    const [first, second, third, fourth] = results.map((r) => r.outcome);
    expect(first?.case === "document" && first.value.amounts?.total).toBe("118.00");
    expect(third?.case === "document" && third.value.amounts?.total).toBe("110.50");
    // The same error ComputeDocument answers for that item alone.
    const alone = await client.computeDocument({ type: "01", request: bad }).catch((e) => e);
    const item = second?.case === "error" ? connectErrorOf(second.value) : undefined;
    expect(item?.code).toBe(Code.InvalidArgument);
    expect(readViolations(item!)).toEqual(readViolations(alone));
    expect(readViolations(item!).map((v) => v.param)).toContain("items.0.quantity");
    expect(fourth?.case === "error" && fourth.value.code).toBe(Code.InvalidArgument);
  });

  it("should refuse more than 256 documents in one call", async () => {
    const items = Array.from({ length: MAX_COMPUTE_BATCH + 1 }, () => ({ type: "01", request: invoice }));
    const error = await client.computeDocuments({ items }).catch((e) => e);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
  });
});

describe("TaxService.ComputeNote", () => {
  const invoiceOf = async () => {
    const res = await client.computeDocument({ type: "01", request: invoice, today: "2026-11-20" });
    if (!res.document) throw new Error("no document");
    return res.document;
  };
  const modified = { documentId: "doc_1", type: "01", series: "F001", number: 7, issueDate: "2026-11-20" };

  it("should credit a line of the modified invoice with its customer and currency", async () => {
    const res = await client.computeNote({
      type: "07",
      request: {
        series: "F001",
        document: "doc_1",
        reasonCode: "07",
        description: "Devolución de un widget",
        items: [{ description: "Widget", quantity: "1", unitPrice: "50.00" }],
      },
      modified,
      modifiedComputed: await invoiceOf(),
    });
    expect(res.document?.type).toBe("07");
    expect(res.document?.amounts).toMatchObject({ taxed: "50.00", igv: "9.00", total: "59.00" });
    expect(res.document?.customer?.documentNumber).toBe("20100070970");
    expect(res.document?.reference).toMatchObject({ documentId: "doc_1", series: "F001", number: 7 });
  });

  it("should fail with field violations naming the note's fields", async () => {
    const error = await client
      .computeNote({
        type: "07",
        request: { series: "B001", document: "doc_1", reasonCode: "99", description: "" },
        modified,
        modifiedComputed: await invoiceOf(),
      })
      .catch((e) => e);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(error).map((v) => v.param)).toEqual(
      expect.arrayContaining(["reason_code", "description", "series"]),
    );
  });

  it("should refuse a type that is not a note, and a missing modified document", async () => {
    const wrongType = await client.computeNote({ type: "01" }).catch((e) => e);
    expect((wrongType as ConnectError).code).toBe(Code.InvalidArgument);
    const missing = await client
      .computeNote({
        type: "07",
        request: { series: "F001", document: "doc_1", reasonCode: "01", description: "x" },
      })
      .catch((e) => e);
    expect(readViolations(missing).map((v) => v.param)).toContain("modified");
  });
});

describe("TaxService.CheckDespatchAdvice", () => {
  const guide = {
    series: "T001",
    reason_code: "13",
    reason_description: "Traslado a feria",
    transport_mode: "02",
    start_date: "2026-11-22",
    recipient: { document_type: "6", document_number: "20100070970", name: "CLIENTE EJEMPLO SAC" },
    gross_weight: "120.5",
    origin: { ubigeo: "150101", address: "AV. LOS OLIVOS 123" },
    destination: { ubigeo: "040101", address: "AV. EJERCITO 456" },
    vehicles: [{ plate: "ABC123" }],
    drivers: [
      {
        document_type: "1",
        document_number: "45678901",
        first_name: "JUAN",
        last_name: "PEREZ",
        license: "Q45678901",
      },
    ],
    items: [{ description: "Cajas de tornillos", quantity: "10" }],
  };
  const issuer = { issuerRuc: "20000000001", issuerLegalName: "EMPRESA DE PRUEBA SAC" };

  it("should answer the checked advice with its derived fields, dated by the service's clock", async () => {
    const res = await client.checkDespatchAdvice({ requestJson: JSON.stringify(guide), ...issuer });
    expect(res.advice).toMatchObject({
      type: "09",
      series: "T001",
      reasonCode: "13",
      issueDate: "2026-11-22",
    });
    expect(res.advice?.sender?.documentNumber).toBe("20000000001");
  });

  it("should fail with field violations named by the dotted field of the caller's JSON", async () => {
    const bad = { ...guide, reason_description: undefined, items: [{ description: "", quantity: "0" }] };
    const error = await client
      .checkDespatchAdvice({ requestJson: JSON.stringify(bad), ...issuer })
      .catch((e) => e);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(error).map((v) => v.param)).toEqual(
      expect.arrayContaining(["items.0.description", "items.0.quantity"]),
    );
  });
});
