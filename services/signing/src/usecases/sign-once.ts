import { create } from "@bufbuild/protobuf";
import { type Broker, publish, subjects } from "@einvoice/broker";
import { documentFileName, documentObjectKey, type Issuer } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import { timeInLima } from "@einvoice/platform";
import { type DocumentSigned, DocumentSignedSchema } from "@einvoice/proto";
import type { XmlSigner } from "@einvoice/ubl";
import type { SignatureRecord, SignatureRepository } from "../adapters/signature-repository.js";
import type { CredentialVault } from "./credential-vault.js";

export interface SignOnceDeps {
  signatures: SignatureRepository;
  objects: ObjectStore;
  broker: Broker;
  vault: CredentialVault;
  signer: XmlSigner;
  clock: () => Date;
}

/** What is signed: an issued document of any kind, and how to build its unsigned UBL at a given issue time. */
export interface SignOnceSubject {
  documentId: string;
  companyId: string;
  livemode: boolean;
  number: number;
  issuer: Issuer;
  type: string;
  series: string;
  issueDate: string;
  buildUnsignedXml: (issueTime: string) => string;
}

/**
 * Signs an issued document once, stores its XML and announces it on documents.signed. A redelivered message
 * finds the stored signature and only republishes (deduplicated by msg id); of two concurrent deliveries the
 * first stored signature wins. Shared by invoices, receipts and guides: only the UBL builder differs.
 */
export async function signOnceAndAnnounce(deps: SignOnceDeps, subject: SignOnceSubject): Promise<void> {
  const { documentId, companyId, livemode, number, issuer } = subject;
  const { signatures } = deps;
  let signature = await signatures.find(companyId, livemode, documentId);
  if (!signature) {
    const fileName = documentFileName(issuer.ruc, subject.type, subject.series, number);
    const credentials = await deps.vault.forIssuer(companyId, livemode, issuer);
    const signed = deps.signer.sign(subject.buildUnsignedXml(timeInLima(deps.clock())), credentials);
    const xmlKey = documentObjectKey({ companyId, livemode }, documentId, "xml", fileName, subject.issueDate);
    await deps.objects.put(xmlKey, Buffer.from(signed.xml, "utf8"), "application/xml");
    signature = {
      _id: documentId,
      company_id: companyId,
      livemode,
      file_name: fileName,
      xml_key: xmlKey,
      hash: signed.digestValue,
      created_at: deps.clock().toISOString(),
    };
    await signatures.insert(signature).catch(async (error) => {
      const winner = await signatures.find(companyId, livemode, documentId);
      if (!winner) throw error;
      signature = winner;
    });
  }
  await publish(deps.broker.js, subjects.documentSigned, signedAnnouncement(subject, signature), {
    msgId: `${documentId}:signed`,
  });
}

/** The documents.signed message of a signed subject. */
export function signedAnnouncement(
  subject: SignOnceSubject,
  signature: Pick<SignatureRecord, "file_name" | "xml_key" | "hash">,
): DocumentSigned {
  return create(DocumentSignedSchema, {
    documentId: subject.documentId,
    companyId: subject.companyId,
    livemode: subject.livemode,
    ruc: subject.issuer.ruc,
    type: subject.type,
    series: subject.series,
    number: subject.number,
    issueDate: subject.issueDate,
    fileName: signature.file_name,
    xmlKey: signature.xml_key,
    hash: signature.hash,
  });
}
