import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeXml } from "@einvoice/sunat";
import { conformanceDir } from "@einvoice/testkit";
import {
  buildInvoiceXml,
  createTestCertificate,
  type SigningCredentials,
  XmlCryptoSigner,
} from "@einvoice/ubl";
import { benchmarkInput } from "@einvoice/ubl/test-support";
import { golden } from "./fixtures.js";

/** Issuer RUC of the homologación goldens (FF11-1, BB11-1 …). */
export const TEST_ISSUER_RUC = "12345678912";

const examples = join(conformanceDir, "examples");
const signer = new XmlCryptoSigner();
const credentials = new Map<string, SigningCredentials>();

/** One throwaway certificate per RUC per test file (RSA key generation is the slow part). */
export function testCredentials(ruc: string): SigningCredentials {
  let found = credentials.get(ruc);
  if (!found) {
    found = createTestCertificate({ ruc, legalName: `EMISOR ${ruc}` });
    credentials.set(ruc, found);
  }
  return found;
}

/**
 * Signs an unsigned example the way the signing service does. The examples declare ISO-8859-1 but are read
 * into a JS string, and the zip helpers write UTF-8, so the declaration is switched to UTF-8 first: otherwise
 * the simulator would decode the bytes as Latin-1 and find the document altered (2335), correctly.
 */
export function signXmlForTest(xml: string, ruc: string): string {
  const utf8 = xml.replace(/encoding="ISO-8859-1"/i, 'encoding="UTF-8"');
  return signer.sign(utf8, testCredentials(ruc)).xml;
}

/** A homologación golden ("Group1Test/factura1Con3Items.xml"), signed. */
export function signedGolden(path: string, ruc = TEST_ISSUER_RUC): string {
  return signXmlForTest(golden(path), ruc);
}

/** Any file under conformance/examples ("openubl-xsender-java/voided-document.xml"), decoded. */
export function example(path: string): string {
  return decodeXml(readFileSync(join(examples, path)));
}

/** RUC of `benchmarkInput()` from @einvoice/ubl: the issuer of {@link builtInvoice}. */
export const BUILT_ISSUER_RUC = "20123456786";

/**
 * A factura F001-`number` as the platform builds and signs it (valid XSD, signature and sums). `edit`
 * changes the unsigned XML first, for documents that are wrong yet correctly signed.
 */
export function builtInvoice(number: number, edit: (unsigned: string) => string = (xml) => xml): string {
  const input = benchmarkInput(2);
  return signer.sign(edit(buildInvoiceXml({ ...input, number })), testCredentials(input.issuer.ruc)).xml;
}
