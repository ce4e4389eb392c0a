import type { Document, Issuer } from "@einvoice/proto";

const KIND: Record<string, string> = {
  "01": "Factura Electrónica",
  "03": "Boleta de Venta Electrónica",
  "09": "Guía de Remisión Remitente",
  "31": "Guía de Remisión Transportista",
};
const CURRENCY: Record<string, string> = { PEN: "S/", USD: "US$" };

/** The Spanish subject and text of the email that carries a document to its customer. */
export function documentEmailContent(
  document: Document,
  issuer: Issuer | undefined,
): { subject: string; text: string } {
  const kind = KIND[document.type] ?? "Comprobante Electrónico";
  const number = `${document.series}-${document.number}`;
  const company = issuer?.legalName ?? "";
  const currency = document.currency ?? "PEN";
  const total = `${CURRENCY[currency] ?? currency} ${document.total}`;
  const subject = `${kind} ${number} de ${company}`;
  const text = [
    "Estimado cliente:",
    "",
    `${company} (RUC ${issuer?.ruc ?? ""}) le envía su ${kind} ${number}, emitida el ${document.issueDate}, por un total de ${total}.`,
    "",
    "Adjuntamos la representación impresa en PDF y el archivo XML firmado" +
      (document.links?.cdr ? ", junto con la constancia de recepción de SUNAT (CDR)." : "."),
    "Puede consultar su validez en https://e-consulta.sunat.gob.pe/ol-ti-itconsvalicpe/ConsValiCpe.htm",
    "",
    "Atentamente,",
    company,
  ].join("\n");
  return { subject, text };
}
