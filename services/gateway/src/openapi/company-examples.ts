import { presentAs } from "@einvoice/contracts";
import { type Certificate, type Company, SAMPLE_INVOICE, type SolCredentials } from "@einvoice/domain";
import { api } from "@einvoice/proto";
import { DEV_COMPANY } from "../usecases/ensure-dev-company.js";

/** The documented company objects: the test company `npm start` creates, in test mode. */

export const certificateExample: Certificate = {
  object: "certificate",
  livemode: false,
  subject: "CN=EMPRESA DE PRUEBA S.A.C., serialNumber=20000000001",
  issuer: "CN=EXAMPLE CA SHA256, O=EXAMPLE CERTIFICADORA SAC, C=PE",
  serial_number: "5A1B2C3D4E5F",
  fingerprint_sha256:
    "3F:A1:7C:22:9B:0E:5D:41:88:C6:0F:73:AA:19:E2:54:6B:D0:37:C8:91:4E:F2:0A:65:B3:DC:18:70:2F:9E:C4",
  not_before: "2026-06-01T00:00:00.000Z",
  expires_at: "2027-06-01T00:00:00.000Z",
};

/** Presented as the company route presents it (`presentAs`), so its null fields are filled the same way. */
export const companyExample: Company = presentAs(api.CompanySchema, {
  id: "cmp_01JZ8X3K2N4P6Q8R0S2T4V6W8X",
  object: "company",
  livemode: false,
  ruc: DEV_COMPANY.ruc,
  legal_name: DEV_COMPANY.legal_name,
  trade_name: null,
  // The dev company's district is the sample invoice's; only its street differs.
  address: { ...SAMPLE_INVOICE.issuer.address, line: DEV_COMPANY.address.line },
  igv_regime: "general",
  certificate: null,
  sol_user: null,
  gre_client_id: null,
  logo: null,
  ready: true,
  created_at: "2026-06-01T14:00:00.000Z",
});

export const solCredentialsExample: SolCredentials = {
  object: "sol_credentials",
  livemode: false,
  user: "MODDATOS",
};
