import { child, parseXml, type XmlNode } from "@einvoice/sunat";
import { describe, expect, it } from "vitest";
import {
  checkNotePayment,
  checkNotePaymentAgainst,
  readNotePayment,
  registeredFactsOf,
} from "./note-payment-rules.js";

const NS =
  'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"';

const term = (means: string | undefined, amount?: string, due?: string) =>
  `<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID>${means ? `<cbc:PaymentMeansID>${means}</cbc:PaymentMeansID>` : ""}${amount ? `<cbc:Amount currencyID="PEN">${amount}</cbc:Amount>` : ""}${due ? `<cbc:PaymentDueDate>${due}</cbc:PaymentDueDate>` : ""}</cac:PaymentTerms>`;

/** A CreditNote with a RUC customer (or DNI), its FormaPago terms and its payable amount. */
function creditNote({ code = "13", payable = "0.00", terms = "", idType = "6" } = {}): XmlNode {
  const tree = parseXml(
    `<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" ${NS}><cbc:ID>FC01-1</cbc:ID><cac:DiscrepancyResponse><cbc:ReferenceID>F001-1</cbc:ReferenceID><cbc:ResponseCode>${code}</cbc:ResponseCode><cbc:Description>x</cbc:Description></cac:DiscrepancyResponse><cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="${idType}">20100070970</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingCustomerParty>${terms}<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="PEN">${payable}</cbc:PayableAmount></cac:LegalMonetaryTotal></CreditNote>`,
  );
  if (!tree) throw new Error("not well formed");
  return child(tree, "CreditNote")!;
}

const codes = (note: XmlNode) => checkNotePayment(readNotePayment(note)).map((i) => i.code);
const schedule =
  term("Credito", "150.50") +
  term("Cuota001", "100.00", "2026-07-01") +
  term("Cuota002", "50.50", "2026-08-01");

describe("the FormaPago and code 13 rules of the NotaCredito2_0 sheet", () => {
  it("passes a code 13 note with zero total, Credito and installments that add up", () => {
    expect(codes(creditNote({ terms: schedule }))).toEqual([]);
    expect(readNotePayment(creditNote({ terms: schedule }))).toMatchObject({
      responseCode: "13",
      payable: "0.00",
      customerIdType: "6",
      terms: [{ means: "Credito", amount: "150.50" }, { means: "Cuota001" }, { means: "Cuota002" }],
    });
  });

  it("answers 3257 without FormaPago and 3315 for a total other than zero", () => {
    expect(codes(creditNote({ payable: "10.00" }))).toEqual(["3257", "3315"]);
  });

  it("answers 3319 when the installments do not add up to the pending amount", () => {
    const terms = term("Credito", "150.00") + term("Cuota001", "100.00", "2026-07-01");
    expect(codes(creditNote({ terms }))).toEqual(["3319"]);
  });

  it("answers 3249, 3251, 3252, 3246, 3248, 3254, 3256 on malformed FormaPago", () => {
    expect(codes(creditNote({ terms: term("Credito", "1.00") }))).toEqual(["3249"]);
    expect(codes(creditNote({ terms: term("Credito") + term("Cuota001", "1.00", "2026-07-01") }))).toEqual([
      "3251",
    ]);
    expect(codes(creditNote({ terms: term("Cuota001", "1.00", "2026-07-01") }))).toEqual(["3252"]);
    expect(codes(creditNote({ code: "07", terms: term("Credit") }))).toEqual(["3246"]);
    expect(codes(creditNote({ code: "07", terms: term(undefined) }))).toEqual(["3245"]);
    expect(
      codes(
        creditNote({
          terms:
            term("Credito", "2.00") +
            term("Cuota001", "1.00", "2026-07-01") +
            term("Cuota001", "1.00", "2026-08-01"),
        }),
      ),
    ).toEqual(["3248"]);
    expect(codes(creditNote({ terms: term("Credito", "1.00") + term("Cuota001") }))).toEqual([
      "3254",
      "3256",
    ]);
  });

  it("checks a code 13 note against the registered invoice: 3260 cash sale, 3320 above its total, 3321 due too early", () => {
    const note = readNotePayment(creditNote({ terms: schedule }));
    const credit = { issue_date: "2026-06-01", payable: "200.00", payment_means: "Credito" };
    expect(checkNotePaymentAgainst(note, credit)).toEqual([]);
    expect(
      checkNotePaymentAgainst(note, {
        ...credit,
        payment_means: "Contado",
        payable: "150.00",
        issue_date: "2026-07-01",
      }).map((i) => i.code),
    ).toEqual(["3260", "3320", "3321"]);
    expect(
      checkNotePaymentAgainst(readNotePayment(creditNote({ code: "07" })), {
        ...credit,
        payment_means: "Contado",
      }),
    ).toEqual([]);
  });

  it("keeps an invoice's date, total and FormaPago when it is registered", () => {
    const tree = parseXml(
      `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ${NS}><cbc:IssueDate>2026-06-01</cbc:IssueDate>${term("Credito", "118.00")}${term("Cuota001", "118.00", "2026-07-01")}<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="PEN">118.00</cbc:PayableAmount></cac:LegalMonetaryTotal></Invoice>`,
    )!;
    expect(registeredFactsOf(child(tree, "Invoice"))).toEqual({
      issue_date: "2026-06-01",
      payable: "118.00",
      payment_means: "Credito",
    });
  });
});
