import { PermanentError } from "@einvoice/broker";
import type { Issuer } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";

/**
 * The logo a document prints: the bytes its issuer snapshot names (`logo_key`, fixed when the document was
 * issued), never the company's current logo; undefined when it was issued without one. Every print of a document
 * (A4, ticket, a later re-render) reads it here. Logos are stored once and never overwritten or deleted, so a
 * missing one will not appear on a retry.
 */
export async function issuerLogo(objects: ObjectStore, issuer: Issuer): Promise<Uint8Array | undefined> {
  if (!issuer.logo_key) return undefined;
  const stored = await objects.get(issuer.logo_key);
  if (!stored)
    throw new PermanentError(`the logo ${issuer.logo_key} named by the document's issuer is missing`);
  return stored.body;
}
