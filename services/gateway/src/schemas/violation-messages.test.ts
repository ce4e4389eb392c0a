import { invoiceRequestSchema } from "@einvoice/domain";
import { describe, expect, it } from "vitest";
import { certificateUploadSchema } from "./certificate-upload.schema.js";
import { solCredentialsSchema } from "./sol-credentials.schema.js";
import { RequestValidator } from "./validate.js";
import { PATTERN_MEANINGS } from "./violation-messages.js";

function patternsOf(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(patternsOf);
  if (schema === null || typeof schema !== "object") return [];
  return Object.entries(schema).flatMap(([key, value]) =>
    key === "pattern" && typeof value === "string" ? [value] : patternsOf(value),
  );
}

describe("shape violations in our words", () => {
  it("should describe every pattern the request schemas use", () => {
    for (const pattern of patternsOf([invoiceRequestSchema, certificateUploadSchema, solCredentialsSchema])) {
      expect(PATTERN_MEANINGS, pattern).toHaveProperty([pattern]);
    }
  });

  const validator = new RequestValidator();
  it.each([
    [
      { series: "F001", items: [{ description: "A", quantity: true, unit_price: "1" }] },
      "items.0.quantity must be text or a number.",
    ],
    [
      { series: "F001", currency: "soles", items: [] },
      "currency must be a 3-letter ISO 4217 currency code (PEN or USD).",
    ],
    [
      { series: "F001", items: [{ description: "A", quantity: 1, unit_price: "1,5" }] },
      'items.0.unit_price must be a decimal number written as a string, with up to 12 digits and 10 decimals (for example "100.00").',
    ],
    [
      { series: "F001", issue_date: "23/11/2026", items: [] },
      "issue_date must be a date written YYYY-MM-DD.",
    ],
    [{ series: "F001", items: [] }, "items must have at least 1 item."],
  ])("should explain %j without a validator's wording", (body, message) => {
    expect(validator.invoice(body).map((v) => v.message)).toContain(message);
  });

  it("should never show a regular expression or a type list", () => {
    const messages = validator
      .solCredentials({ user: "MOD DATOS!", password: 1 })
      .map((v) => v.message)
      .join(" ");
    expect(messages).not.toMatch(/\^|\$|must match|string,number/);
    expect(messages).toContain("user must be 1 to 20 letters and digits.");
  });
});
