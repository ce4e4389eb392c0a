import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import type { InvoiceRequest, SaleDocumentType } from "@einvoice/domain";
import { ComputedDocumentSchema, FieldViolationsSchema, IssuerSchema } from "@einvoice/proto";
import { computeDocument } from "@einvoice/tax-engine";
import { describe, expect, it } from "vitest";
import { computedDocuments, invoiceRequests, issuers } from "./documents.js";

const TODAY = "2025-03-14";
const RUC = { document_type: "6", document_number: "20600000001", name: "CLIENTE EJEMPLO S.A." };

const CASES: Record<string, { type: SaleDocumentType; request: InvoiceRequest }> = {
  basic: {
    type: "01",
    request: { series: "F001", customer: RUC, items: [{ description: "A", quantity: 2, unit_price: "100" }] },
  },
  "free, exempt, ISC, ICBPER, discounts": {
    type: "01",
    request: {
      series: "F001",
      customer: { ...RUC, address: "Av. Lima 123" },
      discount: { percent: 5, affects_base: false },
      items: [
        { description: "Gravado", quantity: "3", unit_price: "12.3456", discount: { amount: "1.00" } },
        { description: "Exonerado", quantity: 1, unit_price: "40", tax_affectation: "20" },
        { description: "Gratis", quantity: 1, unit_price: "5", tax_affectation: "11" },
        { description: "Licor", quantity: 1, unit_price: "50", isc: { rate: "10" } },
        { description: "Bolsa", quantity: 2, unit_price: "0.10", icbper: true },
      ],
    },
  },
  export: {
    type: "01",
    request: {
      series: "F001",
      currency: "USD",
      customer: { document_type: "0", document_number: "-", name: "ACME INC.", country_code: "US" },
      items: [{ description: "Servicio", quantity: 1, unit_price: "1000", tax_affectation: "40" }],
    },
  },
  "detraction on credit": {
    type: "01",
    request: {
      series: "F001",
      customer: RUC,
      items: [{ description: "Servicio", quantity: 1, unit_price: "1000" }],
      detraction: { code: "037", percent: 12, account: "00-000-123456" },
      payment: { type: "credit", installments: [{ amount: "1038.40", due_date: "2025-04-14" }] },
    },
  },
  perception: {
    type: "01",
    request: {
      series: "F001",
      customer: RUC,
      perception: { code: "51" },
      items: [{ description: "A", quantity: 1, unit_price: "100" }],
    },
  },
  prepayment: {
    type: "01",
    request: {
      series: "F001",
      customer: RUC,
      items: [{ description: "Saldo", quantity: 1, unit_price: "1000" }],
      prepayments: [{ document: { type: "02", series: "F001", number: 7 }, amount: "118.00" }],
    },
  },
  receipt: {
    type: "03",
    request: { series: "B001", items: [{ description: "A", quantity: 1, unit_price: "10" }] },
  },
};

describe("domain contracts", () => {
  for (const [name, { type, request }] of Object.entries(CASES)) {
    it(`should carry the computed document of "${name}" through its message unchanged`, () => {
      const result = computeDocument(request, { type, today: TODAY });
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      const message = computedDocuments.toMessage(result.document);
      expect(computedDocuments.fromMessage(message)).toEqual(result.document);
    });

    it(`should carry the request of "${name}" to the engine with the same result`, () => {
      const decoded = invoiceRequests.fromMessage(invoiceRequests.toMessage(textNumbers(request)));
      expect(computeDocument(decoded, { type, today: TODAY })).toEqual(
        computeDocument(request, { type, today: TODAY }),
      );
    });
  }

  it("should carry an issuer without its optional parts", () => {
    const issuer = {
      ruc: "20100070970",
      legal_name: "EMPRESA SAC",
      address: { line: "Av. Siempre Viva 742", establishment_code: "0000", country_code: "PE" },
    };
    expect(issuers.fromMessage(issuers.toMessage(issuer))).toEqual(issuer);
  });

  it("should name every field a message lacks, in our words", () => {
    const partial = create(ComputedDocumentSchema, { type: "09", series: "F001" });
    const error = (() => {
      try {
        computedDocuments.fromMessage(partial, "computed");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    const errors = (error as ConnectError).findDetails(FieldViolationsSchema).flatMap((d) => d.violations);
    expect(errors).toContainEqual(
      expect.objectContaining({
        param: "computed.type",
        code: "invalid_value",
        message: 'must be one of "01", "03"',
      }),
    );
    expect(errors).toContainEqual(
      expect.objectContaining({ param: "computed.customer", code: "required", message: "is required" }),
    );
    expect(errors).toContainEqual(
      expect.objectContaining({ param: "computed.amounts", code: "required", message: "is required" }),
    );
  });

  it("should refuse an absent message naming its field", () => {
    expect(() => issuers.fromMessage(undefined, "issuer")).toThrow(/issuer is required/);
    expect(
      issuers.fromMessage(
        create(IssuerSchema, {
          ruc: "1",
          legalName: "X",
          address: { line: "L", establishmentCode: "0000", countryCode: "PE" },
        }),
      ).ruc,
    ).toBe("1");
  });

  it("should refuse a domain value with a field the contract lacks", () => {
    expect(() => issuers.toMessage({ ruc: "1", legal_name: "X", nickname: "?" } as never)).toThrow(
      /nickname/,
    );
  });
});

/** What the gateway sends: the numbers a caller may write as JSON numbers become their decimal text. */
function textNumbers(request: InvoiceRequest): InvoiceRequest {
  return JSON.parse(JSON.stringify(request), (key, value) =>
    typeof value === "number" && key !== "number" ? String(value) : value,
  );
}
