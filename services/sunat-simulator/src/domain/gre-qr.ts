import { createHash } from "node:crypto";

const QR_BASE = "https://e-factura.sunat.gob.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=";

/**
 * The QR URL SUNAT puts in an accepted guía's CDR (`DocumentReference/cbc:DocumentDescription`, greenter
 * cdrGRE.zip). SUNAT's `hashqr` is opaque; the simulator derives a stable one from the identity and the
 * zip hash, so the same guía always gets the same URL.
 */
export function greQrUrl(identity: string, zipSha256: string): string {
  const hash = createHash("sha256").update(`${identity}|${zipSha256}`).digest("base64url");
  return QR_BASE + hash;
}
