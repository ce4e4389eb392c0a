import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import type {
  ComputedDocument,
  DespatchAdvice,
  InvoiceRequest,
  Issuer,
  NoteReference,
} from "@einvoice/domain";
import { ComputedDocumentSchema, FieldViolationsSchema, IssuerSchema } from "@einvoice/proto";
import { computeDocument } from "@einvoice/tax-engine";
import { TAX_ENGINE_CASES, TAX_ENGINE_TODAY } from "@einvoice/ubl/test-support";
import { describe, expect, expectTypeOf, it } from "vitest";
import { computedDocuments, despatchAdvices, invoiceRequests, issuers, noteReferences } from "./documents.js";

const TODAY = TAX_ENGINE_TODAY;
const CASES = TAX_ENGINE_CASES;

describe("domain contracts", () => {
  it("should decode each message to the domain type generated from it", () => {
    // Checked by the compiler (`tsc`): a contract whose type were not inferred would decode to `never`.
    expectTypeOf(computedDocuments.fromMessage).returns.toEqualTypeOf<ComputedDocument>();
    expectTypeOf(despatchAdvices.fromMessage).returns.toEqualTypeOf<DespatchAdvice>();
    expectTypeOf(issuers.fromMessage).returns.toEqualTypeOf<Issuer>();
    expectTypeOf(noteReferences.fromMessage).returns.toEqualTypeOf<NoteReference>();
  });

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
        message: 'must be one of "01", "03", "07", "08"',
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
