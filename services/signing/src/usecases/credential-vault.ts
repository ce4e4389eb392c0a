import { PermanentError } from "@einvoice/broker";
import type { Issuer } from "@einvoice/domain";
import { DuplicateKeyError, type Store } from "@einvoice/store";
import {
  createTestCertificate,
  decryptSecret,
  encryptSecret,
  inspectCertificate,
  type SigningCredentials,
} from "@einvoice/ubl";
import {
  type CredentialRecord,
  CredentialRepository,
  credentialId,
} from "../adapters/credential-repository.js";

/** A live document reached signing without the company's certificate (the gateway normally refuses earlier). */
export class MissingCertificateError extends PermanentError {}

/**
 * Hands out signing credentials per (company, mode). Test mode gets a per-company test certificate, made on
 * first use; live mode only ever uses the company's uploaded certificate. Decrypted keys are cached per
 * instance so the key is parsed once, not per document.
 */
export class CredentialVault {
  private readonly cache = new Map<string, SigningCredentials>();

  constructor(
    private readonly store: Store,
    private readonly masterKey: Buffer,
  ) {}

  async forIssuer(companyId: string, livemode: boolean, issuer: Issuer): Promise<SigningCredentials> {
    const id = credentialId(companyId, livemode);
    const cached = this.cache.get(id);
    if (cached) return cached;
    const repository = new CredentialRepository(this.store);
    let record = await repository.find(companyId, livemode);
    if (!record) {
      if (livemode) throw new MissingCertificateError(`company ${companyId} has no live certificate`);
      record = await this.createTestCredential(repository, companyId, issuer);
    }
    const credentials = this.open(record);
    this.cache.set(id, credentials);
    return credentials;
  }

  async find(companyId: string, livemode: boolean): Promise<CredentialRecord | null> {
    return new CredentialRepository(this.store).find(companyId, livemode);
  }

  private async createTestCredential(
    repository: CredentialRepository,
    companyId: string,
    issuer: Issuer,
  ): Promise<CredentialRecord> {
    const id = credentialId(companyId, false);
    const generated = createTestCertificate({ ruc: issuer.ruc, legalName: issuer.legal_name });
    const info = inspectCertificate(generated.certificatePem);
    const record: CredentialRecord = {
      _id: id,
      company_id: companyId,
      livemode: false,
      source: "test",
      certificate_pem: generated.certificatePem,
      private_key_box: encryptSecret(generated.privateKeyPem, this.masterKey, id),
      subject: info.subject,
      expires_at: info.validTo.toISOString(),
      created_at: new Date().toISOString(),
    };
    try {
      await repository.insert(record);
      return record;
    } catch (error) {
      // A concurrent document made it first: use that one, so a company has exactly one test certificate.
      if (!(error instanceof DuplicateKeyError)) throw error;
      const existing = await repository.find(companyId, false);
      if (!existing) throw error;
      return existing;
    }
  }

  private open(record: CredentialRecord): SigningCredentials {
    return {
      certificatePem: record.certificate_pem,
      privateKeyPem: decryptSecret(record.private_key_box, this.masterKey, record._id),
    };
  }
}
