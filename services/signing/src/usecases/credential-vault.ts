import { PermanentError } from "@einvoice/broker";
import type { Issuer } from "@einvoice/domain";
import { decryptSecret, encryptSecret, type SecretKeys } from "@einvoice/platform";
import { DuplicateKeyError, type Store } from "@einvoice/store";
import { createTestCertificate, type SigningCredentials } from "@einvoice/ubl";
import {
  type CredentialRecord,
  CredentialRepository,
  credentialId,
} from "../adapters/credential-repository.js";
import { describeCertificate } from "../domain/certificate-details.js";

/** A live document reached signing without the company's certificate (the gateway normally refuses earlier). */
export class MissingCertificateError extends PermanentError {}

/**
 * Hands out signing credentials per (company, mode). Test mode gets a per-company test certificate, made on
 * first use, unless the company uploaded its own; live mode only ever uses the company's uploaded certificate.
 *
 * The stored record is read for every document, because an upload (possibly through another replica) may
 * replace it at any time. Only the decrypted key is cached, and only for the record version it came from
 * (the sealed box, which every write renews): a replaced certificate is never served from the cache. The cache
 * keeps the `cacheLimit` most recently used (company, mode) pairs, so memory stays bounded however many
 * companies sign; one pushed out is decrypted again on its next document. The signer keeps its parsed key per
 * credentials object, so a cached entry also spares the key parsing.
 */
export class CredentialVault {
  private readonly cache = new Map<string, { version: string; credentials: SigningCredentials }>();
  /** Test certificates being made, per company: concurrent first documents share one RSA key generation. */
  private readonly making = new Map<string, Promise<CredentialRecord>>();
  private readonly repository: CredentialRepository;

  constructor(
    store: Store,
    private readonly masterKey: SecretKeys,
    private readonly cacheLimit = 1_000,
  ) {
    this.repository = new CredentialRepository(store);
  }

  async forIssuer(companyId: string, livemode: boolean, issuer: Issuer): Promise<SigningCredentials> {
    const { repository } = this;
    let record = await repository.find(companyId, livemode);
    if (!record) {
      if (livemode) throw new MissingCertificateError(`company ${companyId} has no live certificate`);
      // Generating a key pair blocks the event loop for tens of milliseconds: once per company, not per document.
      let making = this.making.get(companyId);
      if (!making) {
        making = this.createTestCredential(repository, companyId, issuer).finally(() =>
          this.making.delete(companyId),
        );
        this.making.set(companyId, making);
      }
      record = await making;
    }
    const cached = this.cache.get(record._id);
    // Deleted and set again on every use: a Map iterates in insertion order, so the first key is the least
    // recently used, the one to push out.
    this.cache.delete(record._id);
    const entry =
      cached?.version === record.private_key_box
        ? cached
        : { version: record.private_key_box, credentials: this.open(record) };
    this.cache.set(record._id, entry);
    if (this.cache.size > this.cacheLimit) this.cache.delete(this.cache.keys().next().value as string);
    return entry.credentials;
  }

  async find(companyId: string, livemode: boolean): Promise<CredentialRecord | null> {
    return this.repository.find(companyId, livemode);
  }

  private async createTestCredential(
    repository: CredentialRepository,
    companyId: string,
    issuer: Issuer,
  ): Promise<CredentialRecord> {
    const id = credentialId(companyId, false);
    const generated = createTestCertificate({ ruc: issuer.ruc, legalName: issuer.legal_name });
    const details = describeCertificate(generated.certificatePem, "test");
    const record: CredentialRecord = {
      _id: id,
      company_id: companyId,
      livemode: false,
      source: "test",
      certificate_pem: generated.certificatePem,
      private_key_box: encryptSecret(generated.privateKeyPem, this.masterKey, id),
      subject: details.subject,
      expires_at: details.expires_at,
      created_at: new Date().toISOString(),
    };
    try {
      await repository.insert(record);
      return record;
    } catch (error) {
      // A concurrent document (or an upload) stored one first: use that, so a company has exactly one.
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
