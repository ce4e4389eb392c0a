import { SAMPLE_INVOICE } from "@einvoice/domain";
import type { PdfDocumentInput } from "./input.js";

/**
 * The domain's sample invoice as the renderer prints it, rendered at boot so a new process has shaped the usual
 * words, compiled the layout, QR and writer code and built a font subset before its first real document.
 */
export const WARM_UP_SAMPLE: PdfDocumentInput = {
  ...SAMPLE_INVOICE,
  number: 1,
  hash: "qQ0yV3yW2HcJkU6xw1s7fS2o8cU1wUq1bT6qvQ6vQ0E=",
  consult_url: "https://e-consulta.sunat.gob.pe/ol-ti-itconsvalicpe/ConsValiCpe.htm",
};
