import { describe, expect, it } from "vitest";
import { pdfInput } from "../test-support/documents.js";
import { checkPdfInput, type PdfDocumentInput, PdfInputError } from "./input.js";
import { renderDocumentPdf } from "./render-document-pdf.js";

const fieldsOf = (input: PdfDocumentInput, format: unknown = "a4"): string[] => {
  try {
    checkPdfInput(input, format);
    return [];
  } catch (error) {
    if (!(error instanceof PdfInputError)) throw error;
    return error.issues.map((i) => i.field);
  }
};

describe("checkPdfInput", () => {
  const good = pdfInput("01-one-line");

  it("accepts an issued document in both formats", () => {
    expect(fieldsOf(good, "a4")).toEqual([]);
    expect(fieldsOf(good, "ticket")).toEqual([]);
  });

  it.each<[string, PdfDocumentInput, unknown, string[]]>([
    ["an unknown format", good, "letter", ["format"]],
    ["a RUC of 10 digits", { ...good, issuer: { ...good.issuer, ruc: "2012345678" } }, "a4", ["issuer.ruc"]],
    ["no legal name", { ...good, issuer: { ...good.issuer, legal_name: " " } }, "a4", ["issuer.legal_name"]],
    ["number 0", { ...good, number: 0 }, "a4", ["number"]],
    ["a fractional number", { ...good, number: 1.5 }, "a4", ["number"]],
    ["a hash that is not base64", { ...good, hash: "not base64!" }, "a4", ["hash"]],
    ["a consult URL on two lines", { ...good, consult_url: "https://x\nevil" }, "a4", ["consult_url"]],
    [
      "a despatch advice type",
      { ...good, computed: { ...good.computed, type: "09" as "01" } },
      "a4",
      ["computed.type"],
    ],
    ["no lines", { ...good, computed: { ...good.computed, lines: [] } }, "a4", ["computed.lines"]],
    [
      "several faults at once",
      { ...good, number: -1, hash: "", computed: { ...good.computed, issue_date: "14/03/2025" } },
      "ticket",
      ["computed.issue_date", "number", "hash"],
    ],
  ])("names the field at fault: %s", (_case, input, format, fields) => {
    expect(fieldsOf(input, format)).toEqual(fields);
  });

  it("is what renderDocumentPdf answers to bad input, before drawing anything", async () => {
    await expect(renderDocumentPdf({ ...good, number: 0 })).rejects.toThrow(
      "cannot render the PDF: number: the number must be a whole number from 1 to 99999999",
    );
  });
});
