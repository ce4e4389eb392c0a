import { sampleIssued, subjects } from "@einvoice/broker";
import { documentFileName, documentObjectKey, SAMPLE_INVOICE } from "@einvoice/domain";
import { createTestCertificate, type SigningCredentials, type XmlSigner } from "@einvoice/ubl";
import { issuedSubject } from "./sign-document.js";
import { signedAnnouncement } from "./sign-once.js";

/** Documents signed at boot: enough for V8 to optimise the message codecs, the UBL builder and the signer. */
const ROUNDS = 300;

/**
 * What a cold signer pays on its first documents and a warm one does not (the contracts' validators compiled, the
 * codecs, UBL builder and canonicalisation interpreted until V8 optimises them), paid at boot instead: the domain's
 * sample invoice goes the way an issued one does (documents.issued decoded, its UBL built and signed, documents.signed
 * encoded) with a throwaway test certificate of a small key, never touching the store, the object store or the broker. Call once,
 * before taking work; throws if the sample stops signing. Returns the documents signed.
 */
export function warmUpSigning(
  signer: XmlSigner,
  rounds = ROUNDS,
  credentials: SigningCredentials = sampleCredentials(),
): number {
  const { issuer } = SAMPLE_INVOICE;
  const payload = subjects.documentIssued.payload;
  for (let round = 0; round < rounds; round++) {
    const published = payload.encode(sampleIssued(round));
    const json: unknown = JSON.parse(JSON.stringify(published));
    const { payload: received, strict } = payload.decodeReceived(json);
    const subject = issuedSubject(received, { json, strict });
    const signed = signer.sign(subject.buildUnsignedXml("10:15:00"), credentials);
    if (!signed.digestValue || !signed.xml.includes("<ds:SignatureValue>"))
      throw new Error("the warm-up sample did not sign");
    const fileName = documentFileName(issuer.ruc, subject.type, subject.series, subject.number);
    subjects.documentSigned.payload.encode(
      signedAnnouncement(subject, {
        file_name: fileName,
        xml_key: documentObjectKey(subject, subject.documentId, "xml", fileName, subject.issueDate),
        hash: signed.digestValue,
      }),
    );
  }
  return rounds;
}

/**
 * RSA key size of the warm-up's certificate. The RSA operation is native code, which needs no warming, and the
 * JavaScript around it (key parsing, canonicalisation, digest, KeyInfo) is the same for any key size; a small key
 * only makes generating the key and each warm-up signature cheap.
 */
const SAMPLE_KEY_BITS = 1024;

/** A throwaway test certificate of the sample's issuer (a small RSA key generated here, never stored). */
export function sampleCredentials(): SigningCredentials {
  const { issuer } = SAMPLE_INVOICE;
  return createTestCertificate({
    ruc: issuer.ruc,
    legalName: issuer.legal_name,
    modulusLength: SAMPLE_KEY_BITS,
  });
}
