import type { Document, Issuer } from "@einvoice/proto";

const KIND: Record<string, string> = {
  "01": "Factura Electrónica",
  "03": "Boleta de Venta Electrónica",
  "09": "Guía de Remisión Remitente",
  "31": "Guía de Remisión Transportista",
};
const CURRENCY: Record<string, string> = { PEN: "S/", USD: "US$" };
const CONSULT_URL = "https://e-consulta.sunat.gob.pe/ol-ti-itconsvalicpe/ConsValiCpe.htm";

/** The issuer's logo as the HTML shows it: the inline attachment's content id and the size it is drawn at. */
export interface EmailLogo {
  cid: string;
  /** CSS pixels, the image's aspect ratio kept. */
  width: number;
  height: number;
}

/** Text made safe inside HTML, in an element or a quoted attribute: nothing from a document is markup. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

/**
 * The Spanish subject, plain text and HTML of the email that carries a document to its customer. The HTML says
 * the same as the text, under the issuer's logo when it has one; it names nobody but the issuer.
 */
export function documentEmailContent(
  document: Document,
  issuer: Issuer | undefined,
  logo?: EmailLogo,
): { subject: string; text: string; html: string } {
  const kind = KIND[document.type] ?? "Comprobante Electrónico";
  const number = `${document.series}-${document.number}`;
  const company = issuer?.legalName ?? "";
  const ruc = issuer?.ruc ?? "";
  const currency = document.currency ?? "PEN";
  const total = `${CURRENCY[currency] ?? currency} ${document.total}`;
  const subject = `${kind} ${number} de ${company}`;
  const attached =
    "Adjuntamos la representación impresa en PDF y el archivo XML firmado" +
    (document.links?.cdr ? ", junto con la constancia de recepción de SUNAT (CDR)." : ".");
  const text = [
    "Estimado cliente:",
    "",
    `${company} (RUC ${ruc}) le envía su ${kind} ${number}, emitida el ${document.issueDate}, por un total de ${total}.`,
    "",
    attached,
    `Puede consultar su validez en ${CONSULT_URL}`,
    "",
    "Atentamente,",
    company,
  ].join("\n");
  const e = escapeHtml;
  const logoHtml = logo
    ? `<p><img src="cid:${e(logo.cid)}" width="${logo.width}" height="${logo.height}" alt="${e(company)}" style="display:block;border:0;width:${logo.width}px;height:${logo.height}px"></p>\n`
    : "";
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1f2933;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto">
${logoHtml}<p>Estimado cliente:</p>
<p>${e(company)} (RUC ${e(ruc)}) le envía su ${e(kind)} <strong>${e(number)}</strong>, emitida el ${e(document.issueDate)}, por un total de <strong>${e(total)}</strong>.</p>
<p>${e(attached)}</p>
<p>Puede consultar su validez en <a href="${CONSULT_URL}">${CONSULT_URL}</a></p>
<p>Atentamente,<br>${e(company)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}
