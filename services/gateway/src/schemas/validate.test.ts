import { describe, expect, it } from "vitest";
import { RequestValidator } from "./validate.js";

const validator = new RequestValidator();
const valid = { series: "F001", items: [{ description: "x", quantity: 1, unit_price: "10.00" }] };

describe("RequestValidator.invoice()", () => {
  it("should accept a minimal invoice", () => {
    expect(validator.invoice(valid)).toEqual([]);
  });

  it.each([
    [{ items: valid.items }, "series", "parameter_missing"],
    [{ ...valid, items: [{ description: "x", quantity: 1 }] }, "items.0.unit_price", "parameter_missing"],
    [
      { ...valid, items: [{ description: "x", quantity: 1, unit_price: 10 }] },
      "items.0.unit_price",
      "parameter_invalid",
    ],
    [
      { ...valid, items: [{ description: "x", quantity: 1, unit_price: "1.0.0" }] },
      "items.0.unit_price",
      "parameter_invalid",
    ],
    [{ ...valid, colour: "red" }, "colour", "parameter_unknown"],
    [{ ...valid, issue_date: "2026-13-40" }, "issue_date", "parameter_invalid"],
    [{ ...valid, items: [] }, "items", "parameter_invalid"],
    [
      { ...valid, payment: { type: "credit", installments: [{ amount: "1.00" }] } },
      "payment.installments.0.due_date",
      "parameter_missing",
    ],
  ])("should name the field of %j", (body, param, code) => {
    expect(validator.invoice(body)).toContainEqual(expect.objectContaining({ param, code }));
  });
});

const withName = (name: string) => ({
  series: "F001",
  customer: { document_number: "20100070970", name },
  items: [{ description: "x", quantity: 1, unit_price: "10.00" }],
});

describe("RequestValidator.invoice(): customer.name", () => {
  it("lets names up to 1500 characters through to the tax engine (RegistrationName an..1500, ERR 2022)", () => {
    expect(validator.invoice(withName("A".repeat(501)))).toEqual([]);
    expect(validator.invoice(withName("A".repeat(1500)))).toEqual([]);
  });

  it("refuses a longer name as a shape error", () => {
    expect(validator.invoice(withName("A".repeat(1501)))).toEqual([
      expect.objectContaining({ param: "customer.name", code: "parameter_invalid" }),
    ]);
  });
});

describe("RequestValidator.invoice(): customer.address", () => {
  const withAddress = (address: string) => ({
    series: "F001",
    customer: { document_number: "20100070970", name: "CLIENTE SAC", address },
    items: [{ description: "x", quantity: 1, unit_price: "10.00" }],
  });

  it("takes an address up to 200 characters (AddressLine/Line an..200 in SUNAT's workbook)", () => {
    expect(validator.invoice(withAddress("A".repeat(200)))).toEqual([]);
  });

  it("refuses a longer one naming customer.address", () => {
    expect(validator.invoice(withAddress("A".repeat(201)))).toEqual([
      expect.objectContaining({ param: "customer.address", code: "parameter_invalid" }),
    ]);
  });
});

describe("RequestValidator.certificateUpload()", () => {
  const pem = { certificate: "-----BEGIN CERTIFICATE-----…", private_key: "-----BEGIN PRIVATE KEY-----…" };

  it.each([
    [{ pfx: "MIIKAgEDMIIJ+AYJKoZIhvcNAQcB\noAOCBekEggXlMIIF4TCC==", password: "clave" }],
    [{ pfx: "MIIK", password: "" }],
    [pem],
  ])("should accept %j", (body) => {
    expect(validator.certificateUpload(body)).toEqual([]);
  });

  it.each([
    [{}, "pfx", "parameter_missing"],
    [{ pfx: "MIIK" }, "password", "parameter_missing"],
    [{ password: "x" }, "pfx", "parameter_missing"],
    [{ certificate: pem.certificate }, "private_key", "parameter_missing"],
    [{ private_key: pem.private_key }, "certificate", "parameter_missing"],
    [{ ...pem, pfx: "MIIK", password: "x" }, "pfx", "parameter_invalid"],
    [{ pfx: "not base64!", password: "x" }, "pfx", "parameter_invalid"],
    [{ pfx: "", password: "x" }, "pfx", "parameter_invalid"],
    [{ pfx: 42, password: "x" }, "pfx", "parameter_invalid"],
    [{ ...pem, certificate: "" }, "certificate", "parameter_invalid"],
    [{ ...pem, key: "x" }, "key", "parameter_unknown"],
  ])("should name the field of %j", (body, param, code) => {
    expect(validator.certificateUpload(body)).toContainEqual(expect.objectContaining({ param, code }));
  });
});

describe("RequestValidator.solCredentials()", () => {
  it("should accept a SOL user and password", () => {
    expect(validator.solCredentials({ user: "MODDATOS", password: "moddatos" })).toEqual([]);
  });

  it.each([
    [{ password: "x" }, "user", "parameter_missing"],
    [{ user: "MODDATOS" }, "password", "parameter_missing"],
    [{ user: "", password: "x" }, "user", "parameter_invalid"],
    [{ user: "MOD DATOS", password: "x" }, "user", "parameter_invalid"],
    [{ user: "A".repeat(21), password: "x" }, "user", "parameter_invalid"],
    [{ user: "MODDATOS", password: "" }, "password", "parameter_invalid"],
    [{ user: "MODDATOS", password: "x", ruc: "20000000001" }, "ruc", "parameter_unknown"],
  ])("should name the field of %j", (body, param, code) => {
    expect(validator.solCredentials(body)).toContainEqual(expect.objectContaining({ param, code }));
  });
});
