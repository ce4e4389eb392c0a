import {
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from "node:crypto";
import forge from "node-forge";
import type { SigningCredentials } from "./signer.js";

export type CredentialsErrorCode =
  | "invalid_private_key"
  | "invalid_certificate"
  | "unsupported_key"
  | "key_certificate_mismatch"
  | "certificate_expired"
  | "certificate_not_yet_valid"
  | "invalid_pfx"
  | "wrong_password";

/** Why a key/certificate pair cannot sign; `code` is stable for API error mapping. */
export class CredentialsError extends Error {
  override readonly name: string = "CredentialsError";
  constructor(
    readonly code: CredentialsErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class KeyCertificateMismatchError extends CredentialsError {
  override readonly name = "KeyCertificateMismatchError";
  constructor() {
    super("key_certificate_mismatch", "the private key does not belong to the certificate");
  }
}

export class CertificateExpiredError extends CredentialsError {
  override readonly name = "CertificateExpiredError";
  constructor(readonly validTo: Date) {
    super("certificate_expired", `the certificate expired on ${validTo.toISOString()}`);
  }
}

export interface CertificateInfo {
  subject: string;
  issuer: string;
  serialNumber: string;
  validFrom: Date;
  validTo: Date;
  /** SHA-256 of the DER certificate, hex pairs separated by colons (as openssl prints it). */
  fingerprintSha256: string;
  /** The first 11-digit number in the subject (Peruvian certificates carry the holder's RUC there). */
  ruc?: string;
}

/** Reads the fields an admin screen shows before accepting a certificate. */
export const inspectCertificate = (certificatePem: string): CertificateInfo => {
  const cert = parseCertificate(certificatePem);
  const ruc = /\b(\d{11})\b/.exec(cert.subject)?.[1];
  return {
    subject: cert.subject,
    issuer: cert.issuer,
    serialNumber: cert.serialNumber,
    validFrom: new Date(cert.validFrom),
    validTo: new Date(cert.validTo),
    fingerprintSha256: cert.fingerprint256,
    ...(ruc ? { ruc } : {}),
  };
};

const parseCertificate = (pem: string): X509Certificate => {
  try {
    return new X509Certificate(pem);
  } catch (error) {
    throw new CredentialsError("invalid_certificate", "not a PEM X.509 certificate", { cause: error });
  }
};

export interface LoadOptions {
  /** Clock for the validity check; default now. */
  now?: Date;
  /** For an encrypted PEM private key. */
  passphrase?: string;
}

/**
 * Validates a PEM key and certificate and returns them normalised (PKCS#8 key, unencrypted, and the
 * certificate re-encoded): RSA only (SUNAT's XMLDSig profile), key matching the certificate, and the
 * certificate inside its validity window. Throws {@link CredentialsError}.
 */
export const loadPem = (keyPem: string, certPem: string, options: LoadOptions = {}): SigningCredentials => {
  let key: KeyObject;
  try {
    key = createPrivateKey(
      options.passphrase === undefined ? keyPem : { key: keyPem, passphrase: options.passphrase },
    );
  } catch (error) {
    throw new CredentialsError("invalid_private_key", "not a readable PEM private key", { cause: error });
  }
  if (key.asymmetricKeyType !== "rsa") {
    throw new CredentialsError("unsupported_key", `SUNAT needs an RSA key, got ${key.asymmetricKeyType}`);
  }
  const cert = parseCertificate(certPem);
  if (!cert.checkPrivateKey(key)) throw new KeyCertificateMismatchError();
  const now = options.now ?? new Date();
  const validTo = new Date(cert.validTo);
  if (now > validTo) throw new CertificateExpiredError(validTo);
  if (now < new Date(cert.validFrom)) {
    throw new CredentialsError(
      "certificate_not_yet_valid",
      `the certificate is valid from ${cert.validFrom}`,
    );
  }
  return {
    privateKeyPem: key.export({ type: "pkcs8", format: "pem" }).toString(),
    certificatePem: cert.toString(),
  };
};

const bagsOf = (p12: forge.pkcs12.Pkcs12Pfx, bagType: string): forge.pkcs12.Bag[] =>
  p12.getBags({ bagType })[bagType] ?? [];

/**
 * Reads a PKCS#12 (.pfx/.p12) file, as Peruvian CAs deliver signing certificates, and validates it like
 * {@link loadPem}. When the file also carries the CA chain, the certificate whose key is in the file is used.
 */
export const loadPfx = (pfx: Uint8Array, password: string, options: LoadOptions = {}): SigningCredentials => {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(pfx).toString("binary")));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (error) {
    const message = (error as Error).message ?? "";
    const code = /password|MAC/i.test(message) ? "wrong_password" : "invalid_pfx";
    throw new CredentialsError(code, `cannot open the PFX: ${message}`, { cause: error });
  }
  const keyBag = [
    ...bagsOf(p12, forge.pki.oids.pkcs8ShroudedKeyBag as string),
    ...bagsOf(p12, forge.pki.oids.keyBag as string),
  ][0];
  if (!keyBag) throw new CredentialsError("invalid_pfx", "the PFX holds no private key");
  if (!keyBag.key) throw new CredentialsError("unsupported_key", "the PFX key is not an RSA key");
  const keyPem = forge.pki.privateKeyToPem(keyBag.key);
  const key = createPrivateKey(keyPem);
  const certPems = bagsOf(p12, forge.pki.oids.certBag as string).flatMap((bag) =>
    bag.cert ? [forge.pki.certificateToPem(bag.cert)] : [],
  );
  if (certPems.length === 0) throw new CredentialsError("invalid_pfx", "the PFX holds no RSA certificate");
  const own = certPems.find((pem) => new X509Certificate(pem).checkPrivateKey(key));
  if (!own) throw new KeyCertificateMismatchError();
  return loadPem(keyPem, own, options);
};

/** Packs credentials into a PKCS#12 file (3DES, as most Windows/Java tools still expect). For tests and exports. */
export const exportPfx = (credentials: SigningCredentials, password: string): Buffer => {
  const key = forge.pki.privateKeyFromPem(credentials.privateKeyPem);
  const cert = forge.pki.certificateFromPem(credentials.certificatePem);
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: "3des" });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
};

export interface TestCertificateOptions {
  ruc: string;
  legalName: string;
  /** Default 365. */
  validDays?: number;
  /** RSA key size in bits; default 2048, what SUNAT expects of a real certificate. */
  modulusLength?: number;
  /** Default one minute ago (tolerates small clock skew). Set in the past to make an expired certificate. */
  notBefore?: Date;
}

/**
 * A self-signed RSA certificate (2048 bits unless told) for test mode and tests; SUNAT beta accepts any
 * certificate. The subject carries the legal name (CN, O), the RUC (serialNumber) and country PE. The key pair comes
 * from node:crypto (native) rather than forge's much slower pure-JS generator; forge only builds and signs the
 * certificate.
 */
export const createTestCertificate = (options: TestCertificateOptions): SigningCredentials => {
  if (!/^\d{11}$/.test(options.ruc)) throw new RangeError(`RUC must be 11 digits, got ${options.ruc}`);
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: options.modulusLength ?? 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // Positive serial: a leading 0x01 byte keeps the DER integer from reading as negative.
  cert.serialNumber = `01${randomBytes(15).toString("hex")}`;
  const notBefore = options.notBefore ?? new Date(Date.now() - 60_000);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = new Date(notBefore.getTime() + (options.validDays ?? 365) * 86_400_000);
  const subject = [
    { name: "commonName", value: options.legalName },
    { name: "organizationName", value: options.legalName },
    { name: "serialNumber", value: options.ruc },
    { name: "countryName", value: "PE" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { privateKeyPem: privateKey, certificatePem: forge.pki.certificateToPem(cert) };
};
