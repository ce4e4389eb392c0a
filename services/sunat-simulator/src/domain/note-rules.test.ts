import { parseXml, type XmlNode } from "@einvoice/sunat";
import { describe, expect, it } from "vitest";
import { checkNoteRules, readNote, referencedIdentity, referenceIssues } from "./note-rules.js";

const note = (
  root: "CreditNote" | "DebitNote",
  { id = "FC01-3", code = "07", description = "Devolución", ref = "F001-12", refType = "01" } = {},
  omit: string[] = [],
) =>
  parsed(
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>${id}</cbc:ID><cac:DiscrepancyResponse><cbc:ReferenceID>${ref}</cbc:ReferenceID>${omit.includes("code") ? "" : `<cbc:ResponseCode>${code}</cbc:ResponseCode>`}${omit.includes("description") ? "" : `<cbc:Description>${description}</cbc:Description>`}</cac:DiscrepancyResponse>${omit.includes("reference") ? "" : `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${ref}</cbc:ID><cbc:DocumentTypeCode>${refType}</cbc:DocumentTypeCode></cac:InvoiceDocumentReference></cac:BillingReference>`}</${root}>`,
  );

/** The tree of a well-formed test XML. */
function parsed(xml: string): XmlNode {
  const tree = parseXml(xml);
  if (!tree) throw new Error("not well formed");
  return tree;
}

const codes = (parsed: XmlNode) => checkNoteRules(readNote(parsed)!).map((i) => i.code);

describe("the note rules of the NotaCredito2_0 / NotaDebito2_0 sheets", () => {
  it("passes a well-formed credit note and reads its reference", () => {
    const read = readNote(note("CreditNote"))!;
    expect(read).toMatchObject({ root: "CreditNote", series: "FC01", responseCode: "07" });
    expect(checkNoteRules(read)).toEqual([]);
    expect(referencedIdentity("20000000001", read)).toBe("20000000001-01-F001-12");
  });

  it("answers 2128, 2136 and 2524 for a missing code, description and reference", () => {
    expect(codes(note("CreditNote", {}, ["code", "description", "reference"]))).toEqual([
      "2128",
      "2136",
      "2524",
    ]);
  });

  it("answers 2172 for a code outside catalog 09/10 (04 is a credit code only)", () => {
    expect(codes(note("DebitNote", { id: "FD01-1", code: "04" }))).toEqual(["2172"]);
    expect(codes(note("CreditNote", { code: "14" }))).toEqual(["2172"]);
  });

  it("answers 2116 / 2399 when the modified type does not match the series letter, 2117 for its id", () => {
    expect(codes(note("CreditNote", { ref: "B001-1", refType: "03" }))).toEqual(["2116"]);
    expect(codes(note("CreditNote", { id: "BC01-1", ref: "F001-1", refType: "01" }))).toEqual(["2399"]);
    expect(codes(note("CreditNote", { ref: "X001-1" }))).toEqual(["2117"]);
  });

  it("answers 3259 for a credit code 13 on a receipt; a debit note has no code 13 (2172)", () => {
    expect(codes(note("CreditNote", { id: "BC01-1", code: "13", ref: "B001-1", refType: "03" }))).toEqual([
      "3259",
    ]);
    expect(codes(note("CreditNote", { code: "13" }))).toEqual([]);
    expect(codes(note("DebitNote", { id: "FD01-1", code: "13" }))).toEqual(["2172"]);
  });

  it("answers 2119 unregistered, 2121 rejected, 2120 voided; nothing for an accepted document", () => {
    expect(referenceIssues(null).map((i) => i.code)).toEqual(["2119"]);
    expect(referenceIssues({ outcome: "rejected" }).map((i) => i.code)).toEqual(["2121"]);
    expect(
      referenceIssues({ outcome: "accepted", voided_by: "20000000001-RA-20260601-1" }).map((i) => i.code),
    ).toEqual(["2120"]);
    expect(referenceIssues({ outcome: "observed", voided_by: null })).toEqual([]);
    expect(referenceIssues(null)[0]!.message).toBe(
      "El documento modificado en la Nota de credito no esta registrada.",
    );
  });
});
