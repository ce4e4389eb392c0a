import { describe, expectTypeOf, it } from "vitest";
import type {
  BuiltDocument,
  Company,
  CompanyAddress,
  ComputedParty,
  Customer,
  DocumentResource,
  IssuerAddress,
  PresentedTypes,
} from "./index.js";

// Checked by the type checker (`npm run typecheck`): one proto message, its two generated forms.
describe("generated public forms", () => {
  it("should type a canonical message reached from a public one in its public form (nulls)", () => {
    expectTypeOf<DocumentResource["customer"]>().toEqualTypeOf<Customer | null>();
    expectTypeOf<Customer["address"]>().toEqualTypeOf<string | null>();
    expectTypeOf<ComputedParty["address"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<PresentedTypes["einvoice.documents.v1.Party"]>().toEqualTypeOf<Customer>();
  });

  it("should give the issuer's address message both forms: the document's snapshot and the company's", () => {
    expectTypeOf<Company["address"]>().toEqualTypeOf<CompanyAddress>();
    expectTypeOf<CompanyAddress["ubigeo"]>().toEqualTypeOf<string | null>();
    expectTypeOf<IssuerAddress["ubigeo"]>().toEqualTypeOf<string | undefined>();
  });

  it("should keep the parts a service builds the Document from in their canonical form", () => {
    expectTypeOf<BuiltDocument["customer"]>().toEqualTypeOf<ComputedParty | null>();
  });
});
