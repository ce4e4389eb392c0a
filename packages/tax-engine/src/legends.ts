import type { Legend } from "@einvoice/domain";
import { amountInWords } from "./amount-in-words.js";
import { LEGEND } from "./catalogs.js";
import type { Dec } from "./money.js";

export interface LegendFlags {
  free: boolean;
  ivap: boolean;
  detraction: boolean;
  perception: boolean;
}

/** Catalog 52 legends, in code order. 1000 is always present (the payable amount in words). */
export function legends(payable: Dec, currency: string, f: LegendFlags): Legend[] {
  const out: Legend[] = [{ code: LEGEND.amountInWords, text: amountInWords(payable, currency) }];
  // 2416: the free-transfer legend goes with the 9996 total.
  if (f.free)
    out.push({
      code: LEGEND.freeTransfer,
      text: "TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE",
    });
  if (f.perception) out.push({ code: LEGEND.perception, text: "COMPROBANTE DE PERCEPCIÓN" });
  if (f.detraction) out.push({ code: LEGEND.detraction, text: "OPERACIÓN SUJETA A DETRACCIÓN" }); // OBS 4265
  if (f.ivap) out.push({ code: LEGEND.ivap, text: "OPERACIÓN SUJETA AL IVAP" });
  return out;
}
