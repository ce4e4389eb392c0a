import {
  api,
  ComputeDocumentRequestSchema,
  ComputeNoteRequestSchema,
  IgvRegimeSchema,
} from "@einvoice/proto";
import { describe, expect, it } from "vitest";
import { enumValueSet, fieldRules } from "./field-rules.js";

describe("fieldRules", () => {
  it("should read a value set declared once as an enum (values_enum) for every field naming it", () => {
    expect(enumValueSet(IgvRegimeSchema)).toEqual(["general", "restaurants_hotels"]);
    for (const field of [
      api.CompanySchema.field.igvRegime,
      ComputeDocumentRequestSchema.field.igvRegime,
      ComputeNoteRequestSchema.field.igvRegime,
    ])
      expect(fieldRules(field)?.values, field.toString()).toEqual(["general", "restaurants_hotels"]);
  });

  it("should give the values a field lists itself, and nothing for a field without rules", () => {
    expect(fieldRules(ComputeNoteRequestSchema.field.type)?.values).toEqual(["07", "08"]);
    expect(fieldRules(ComputeNoteRequestSchema.field.today)).toBeUndefined();
  });
});
