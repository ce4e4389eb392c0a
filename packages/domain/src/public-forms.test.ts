import { describe, expectTypeOf, it } from "vitest";
import type { Presented } from "./generated/presented.js";
import type {
  BuiltDocument,
  Company,
  CompanyAddress,
  ComputedParty,
  Customer,
  DespatchAdvice,
  DocumentResource,
  IssuerAddress,
  PresentedDespatchAdvice,
  PresentedDespatchCarrier,
  PresentedDespatchPoint,
  PresentedTypes,
} from "./index.js";
import type { Decimal } from "./money.js";

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

  it("should present a canonical type with its optional fields null and its parts in their public form", () => {
    interface Canonical {
      name: string;
      note?: string;
      part?: { label?: string };
      parts: { label?: string }[];
    }
    type Part = { label: string | null };
    expectTypeOf<Presented<Canonical, { part: Part; parts: Part[] }>>().toEqualTypeOf<{
      name: string;
      note: string | null;
      part: Part | null;
      parts: Part[];
    }>();
    expectTypeOf<Presented<Canonical>>().toEqualTypeOf<{
      name: string;
      note: string | null;
      part: { label?: string } | null;
      parts: { label?: string }[];
    }>();
  });

  it("should type a public twin field by field as the API answers it", () => {
    expectTypeOf<keyof PresentedDespatchAdvice>().toEqualTypeOf<keyof DespatchAdvice>();
    expectTypeOf<PresentedDespatchAdvice["note"]>().toEqualTypeOf<string | null>();
    expectTypeOf<PresentedDespatchAdvice["gross_weight"]>().toEqualTypeOf<Decimal>();
    expectTypeOf<PresentedDespatchAdvice["carrier"]>().toEqualTypeOf<PresentedDespatchCarrier | null>();
    expectTypeOf<PresentedDespatchAdvice["origin"]>().toEqualTypeOf<PresentedDespatchPoint>();
    expectTypeOf<PresentedDespatchAdvice["drivers"]>().toEqualTypeOf<DespatchAdvice["drivers"]>();
  });
});
