import type { IgvRegime } from "@einvoice/domain";
import type { CompanyRecord } from "../adapters/company-repository.js";
import type { certificateResource } from "../http/certificate-resource.js";
import type { logoResource } from "../http/logo-resource.js";
import { boolean, livemode, prefixedId, string, timestamp } from "./field-schemas.js";
import { constant, type JsonSchema, nullable, objectSchema, schemaRef } from "./json-schema.js";

/** The company routes' objects (company-routes.ts, credential-routes.ts), each tied by type to its producer. */

/** The public certificate object (`certificateResource`). */
export type CertificateResource = ReturnType<typeof certificateResource>;

/** `PUT /v1/company/logo` (operations/company-operations.ts). */
export type CompanyLogoResource = ReturnType<typeof logoResource>;

/** `GET /v1/company` (company-routes.ts). */
export type CompanyResource = Omit<CompanyRecord, "_id"> & {
  id: string;
  object: "company";
  livemode: boolean;
  igv_regime: IgvRegime;
  certificate: CertificateResource | null;
  sol_user: string | null;
  gre_client_id: string | null;
  logo: CompanyLogoResource | null;
  ready: boolean;
};

/** `PUT /v1/company/gre_credentials` (credential-routes.ts); the secret is never returned. */
export interface GreCredentialsResource {
  object: "gre_credentials";
  livemode: boolean;
  client_id: string;
}

/** `PUT /v1/company/sol_credentials` (credential-routes.ts); the password is never returned. */
export interface SolCredentialsResource {
  object: "sol_credentials";
  livemode: boolean;
  user: string;
}

const certificate = objectSchema<CertificateResource>()({
  description:
    "The digital certificate that signs the documents of the key's mode: what identifies it, never its key (kept encrypted by the signing service).",
  properties: {
    object: constant("certificate", "Always `certificate`."),
    livemode,
    subject: string("Subject distinguished name, as X.509 prints it (e.g. `CN=…, serialNumber=20…`)."),
    issuer: string("Issuer distinguished name (the certification authority)."),
    serial_number: string("The certificate's serial number, hexadecimal."),
    fingerprint_sha256: string("SHA-256 of the DER certificate, as colon-separated uppercase hex pairs."),
    not_before: timestamp("Start of validity."),
    expires_at: timestamp("End of validity: renew the certificate before it, or live issuing stops."),
  },
});

const companyAddress = objectSchema<CompanyRecord["address"]>()({
  description: "The issuer's registered address, printed on every document (`cac:RegistrationAddress`).",
  properties: {
    line: string("Street address."),
    ubigeo: nullable({
      type: "string",
      pattern: "^\\d{6}$",
      description: "INEI district code (ubigeo), 6 digits, e.g. `150101`. Null when not registered.",
    }),
    district: nullable(string("District name. Null when not registered.")),
    province: nullable(string("Province name. Null when not registered.")),
    department: nullable(string("Department name. Null when not registered.")),
    establishment_code: string(
      "SUNAT establishment code of the address (`cbc:AddressTypeCode`); `0000` is the main registered address.",
    ),
    country_code: string("ISO 3166-1 alpha-2 country: always `PE`."),
  },
});

const company = objectSchema<CompanyResource>()({
  description:
    "The company the API key belongs to (the issuer of its documents), with the credentials of the key's mode.",
  properties: {
    id: prefixedId("cmp", "company"),
    object: constant("company", "Always `company`."),
    livemode,
    ruc: {
      type: "string",
      pattern: "^\\d{11}$",
      description: "The issuer's RUC (SUNAT taxpayer number): 11 digits.",
    },
    legal_name: string("Registered legal name (razón social), printed on every document."),
    trade_name: nullable(string("Trade name (nombre comercial). Null when not registered.")),
    address: schemaRef("CompanyAddress", "The registered address."),
    igv_regime: {
      type: "string",
      enum: ["general", "restaurants_hotels"],
      description:
        "The IGV regime of the key's mode, set with `PUT /v1/company/igv_regime`. `general` (the default): IGV 18 %. `restaurants_hotels`: the special rate of Ley 31556 and its extensions for micro and small restaurants, hotels and tourist lodgings in SUNAT's register, applied to every IGV line of every invoice and receipt: 10 % for issue dates from 2022-09-01 to 2025-12-31, 10.5 % from 2026-01-01 to 2026-12-31. An issue date outside those ranges is refused (422 `igv_special_rate_unknown` on `issue_date`), never issued at 18 %.",
    },
    certificate: nullable(
      schemaRef(
        "Certificate",
        "The signing certificate of the key's mode. Null until one is uploaded (`PUT /v1/company/certificate`); test mode signs with a generated test certificate meanwhile.",
      ),
    ),
    sol_user: nullable(
      string(
        "The SOL user of the key's mode (without the RUC; the password is never returned). Null until set (`PUT /v1/company/sol_credentials`).",
      ),
    ),
    gre_client_id: nullable(
      string(
        "The GRE API client_id of the key's mode (the secret is never returned). Null until set (`PUT /v1/company/gre_credentials`); live despatch advices need it.",
      ),
    ),
    logo: nullable(
      schemaRef(
        "CompanyLogo",
        "The logo of the key's mode, printed on the documents issued from now on (`PUT /v1/company/logo`). Null when there is none.",
      ),
    ),
    ready: boolean(
      "Whether the key's mode can issue: live needs a certificate valid today and a SOL user (otherwise creates answer 409 `company_not_configured`); test is always ready.",
    ),
    created_at: timestamp("When the company was registered."),
  },
});

const companyLogo = objectSchema<CompanyLogoResource>()({
  description:
    "The company's logo in the key's mode: printed at the top of the A4 PDF and the 80 mm ticket of every invoice, receipt and note issued from now on, and shown in their emails. A document keeps the logo it was issued with for good. The bytes are at `GET /v1/company/logo`.",
  properties: {
    object: constant("company_logo", "Always `company_logo`."),
    livemode,
    content_type: {
      type: "string",
      enum: ["image/png", "image/jpeg"],
      description: "The image's type, read from its bytes (the upload's `Content-Type` must agree).",
    },
    size: {
      type: "integer",
      minimum: 1,
      maximum: 524288,
      description: "Size of the file in bytes (at most 512 KiB).",
    },
    width: { type: "integer", minimum: 16, maximum: 2000, description: "Width in pixels (16 to 2000)." },
    height: { type: "integer", minimum: 16, maximum: 2000, description: "Height in pixels (16 to 2000)." },
    sha256: {
      type: "string",
      pattern: "^[0-9a-f]{64}$",
      description: "SHA-256 of the file, lowercase hex; also the `ETag` of `GET /v1/company/logo`.",
    },
    updated_at: timestamp("When this logo was uploaded."),
  },
});

const solCredentials = objectSchema<SolCredentialsResource>()({
  description:
    "The SOL user now in use for the key's mode; the password is stored encrypted and never returned.",
  properties: {
    object: constant("sol_credentials", "Always `sol_credentials`."),
    livemode,
    user: string("The SOL user, without the RUC (e.g. `MODDATOS`)."),
  },
});

const greCredentials = objectSchema<GreCredentialsResource>()({
  description:
    "The GRE API client_id now in use for the key's mode; the client secret is stored encrypted and never returned.",
  properties: {
    object: constant("gre_credentials", "Always `gre_credentials`."),
    livemode,
    client_id: string("The GRE API client id."),
  },
});

/** `components.schemas` entries of the company routes. */
export const companySchemas: Record<string, JsonSchema> = {
  Company: company,
  CompanyAddress: companyAddress,
  Certificate: certificate,
  CompanyLogo: companyLogo,
  SolCredentials: solCredentials,
  GreCredentials: greCredentials,
};
