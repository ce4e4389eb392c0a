import type { ComputedDocument, Issuer } from "@einvoice/domain";
import { catalogUri, identityScheme, SUNAT } from "./namespaces.js";
import { amount, cac, cbc, decimal, type XmlNode } from "./xml-node.js";

/** Detraction and perception amounts are always in soles, whatever the document currency (ERR 3208, 2788). */
const PEN = "PEN";

/**
 * One `cac:AdditionalDocumentReference` per prepayment invoice/receipt being deducted: catalog 12 type
 * (02 factura, 03 boleta), `DocumentStatusCode` = the index that `cac:PrepaidPayment/cbc:ID` repeats, and the
 * issuer's RUC (ERR 2520).
 */
export const addPrepaymentReferences = (root: XmlNode, doc: ComputedDocument, issuer: Issuer): void => {
  for (const prepayment of doc.prepayments) {
    const ref = cac(root, "AdditionalDocumentReference");
    cbc(ref, "ID", prepayment.document_id);
    cbc(ref, "DocumentTypeCode", prepayment.document_type_code, {
      listAgencyName: SUNAT,
      listName: "Documento Relacionado",
      listURI: catalogUri("12"),
    });
    cbc(ref, "DocumentStatusCode", String(prepayment.index), { listName: "Anticipo", listAgencyName: SUNAT });
    cbc(cac(cac(ref, "IssuerParty"), "PartyIdentification"), "ID", issuer.ruc, identityScheme("6"));
  }
};

/**
 * Detraction `cac:PaymentMeans` (operation types 1001–1004): catalog 59 means and the supplier's Banco de la
 * Nación account (ERR 3034).
 */
export const addPaymentMeans = (root: XmlNode, doc: ComputedDocument): void => {
  const detraction = doc.detraction;
  if (!detraction) return;
  const means = cac(root, "PaymentMeans");
  cbc(means, "ID", "Detraccion");
  cbc(means, "PaymentMeansCode", detraction.payment_method, {
    listName: "Medio de pago",
    listAgencyName: SUNAT,
    listURI: catalogUri("59"),
  });
  cbc(cac(means, "PayeeFinancialAccount"), "ID", detraction.account);
};

/**
 * Every `cac:PaymentTerms`, in this order: detraction (catalog 54 code, percent, PEN amount — ERR 3127,
 * 3035, 3208), perception (total to collect in PEN — ERR 3308/3309), then FormaPago (RS 193-2020): `Contado`,
 * or `Credito` with the net pending amount (ERR 3265) followed by one `Cuota00n` per installment (ERR 3249).
 */
export const addPaymentTerms = (root: XmlNode, doc: ComputedDocument): void => {
  const { detraction, perception, payment_terms: terms, currency } = doc;
  if (detraction) {
    const node = cac(root, "PaymentTerms");
    cbc(node, "ID", "Detraccion");
    cbc(node, "PaymentMeansID", detraction.code, {
      schemeName: "Codigo de detraccion",
      schemeAgencyName: SUNAT,
      schemeURI: catalogUri("54"),
    });
    cbc(node, "PaymentPercent", decimal(detraction.percent, "detraction.percent"));
    amount(node, "Amount", detraction.amount, PEN, "detraction.amount");
  }
  if (perception) {
    const node = cac(root, "PaymentTerms");
    cbc(node, "ID", "Percepcion");
    amount(node, "Amount", perception.total_to_collect, PEN, "perception.total_to_collect");
  }
  const form = cac(root, "PaymentTerms");
  cbc(form, "ID", "FormaPago");
  cbc(form, "PaymentMeansID", terms.means);
  if (terms.means === "Credito") {
    amount(form, "Amount", terms.pending_amount, currency, "payment_terms.pending_amount");
  }
  terms.installments.forEach((installment, i) => {
    const path = `payment_terms.installments.${i}`;
    const node = cac(root, "PaymentTerms");
    cbc(node, "ID", "FormaPago");
    cbc(node, "PaymentMeansID", installment.id);
    amount(node, "Amount", installment.amount, currency, `${path}.amount`);
    cbc(node, "PaymentDueDate", installment.due_date);
  });
};

/** `cac:PrepaidPayment`: one per prepayment, its id matching the reference's DocumentStatusCode. */
export const addPrepaidPayments = (root: XmlNode, doc: ComputedDocument): void => {
  doc.prepayments.forEach((prepayment, i) => {
    const node = cac(root, "PrepaidPayment");
    cbc(node, "ID", String(prepayment.index), { schemeName: "Anticipo", schemeAgencyName: SUNAT });
    amount(node, "PaidAmount", prepayment.amount, doc.currency, `prepayments.${i}.amount`);
  });
};
