import { join } from "node:path";
import { conformanceDir, validateAgainstXsd } from "@einvoice/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { DESPATCH_FIXTURES } from "../../test-support/despatch-fixtures.js";
import { ISSUER } from "../../test-support/fixtures.js";
import { tempDir, writeTemp, xmlsecVerifies } from "../../test-support/xml-validation.js";
import { createTestCertificate } from "../certificates.js";
import { LeanSigner } from "../lean-signer.js";
import type { SigningCredentials } from "../signer.js";
import { UblInputError } from "../xml-node.js";
import { buildDespatchAdviceXml } from "./despatch-builder.js";

const XSD = join(conformanceDir, "xsd/ubl-2.1/maindoc/UBL-DespatchAdvice-2.1.xsd");
let credentials: SigningCredentials;
let dir = "";
let certFile = "";

beforeAll(() => {
  credentials = createTestCertificate({ ruc: ISSUER.ruc, legalName: ISSUER.legal_name });
  dir = tempDir();
  certFile = writeTemp(dir, "cert.pem", credentials.certificatePem);
});

const build = (name: string, number = 1) =>
  buildDespatchAdviceXml({ issuer: ISSUER, advice: DESPATCH_FIXTURES[name]!, number, issueTime: "10:15:00" });

describe("buildDespatchAdviceXml", () => {
  it.each(Object.keys(DESPATCH_FIXTURES))("%s: signed, XSD-valid and xmlsec1-verified", (name) => {
    const signed = new LeanSigner().sign(build(name), credentials);
    const file = writeTemp(dir, `${name}.xml`, signed.xml);
    const xsd = validateAgainstXsd(XSD, [file]);
    expect(xsd.output).toContain(`${file} validates`);
    expect(xmlsecVerifies(file, certFile)).toMatchObject({ ok: true });
  });

  it("writes the GRE 2022 header: CustomizationID 2.0, IssueTime, type 09 with catalog 01", () => {
    const xml = build("09-own-vehicle", 42);
    expect(xml).toContain(
      "<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:CustomizationID>2.0</cbc:CustomizationID>",
    );
    expect(xml).toContain(
      "<cbc:ID>T001-42</cbc:ID><cbc:IssueDate>2026-11-25</cbc:IssueDate><cbc:IssueTime>10:15:00</cbc:IssueTime>",
    );
    expect(xml).toMatch(/<cbc:DespatchAdviceTypeCode [^>]*catalogo01">09<\/cbc:DespatchAdviceTypeCode>/);
    expect(xml).toMatch(
      /<cbc:HandlingCode [^>]*catalogo20">01<\/cbc:HandlingCode><cbc:HandlingInstructions>Venta</,
    );
  });

  it("own vehicle: mode 02, start date, the 2026 handover element, main and secondary vehicles and drivers", () => {
    const xml = build("09-own-vehicle");
    expect(xml).toMatch(
      /<cbc:TransportModeCode [^>]*>02<\/cbc:TransportModeCode><cac:TransitPeriod><cbc:StartDate>2026-11-25</,
    );
    expect(xml).toContain(
      "<cac:LoadingTransportEvent><cbc:OccurrenceDate>2026-11-25</cbc:OccurrenceDate></cac:LoadingTransportEvent>",
    );
    expect(xml).toContain(
      "<cbc:JobTitle>Principal</cbc:JobTitle><cac:IdentityDocumentReference><cbc:ID>Q40003341</cbc:ID>",
    );
    expect(xml).toContain("<cbc:JobTitle>Secundario</cbc:JobTitle>");
    expect(xml).toContain(
      "<cac:TransportEquipment><cbc:ID>ABC123</cbc:ID><cac:AttachedTransportEquipment><cbc:ID>DEF4567</cbc:ID>",
    );
    expect(xml).toContain(
      "<cbc:TotalTransportHandlingUnitQuantity>12</cbc:TotalTransportHandlingUnitQuantity>",
    );
    expect(xml).toMatch(
      /<cbc:DocumentTypeCode [^>]*catalogo61">01<\/cbc:DocumentTypeCode><cbc:DocumentType>Factura<\/cbc:DocumentType>/,
    );
  });

  it("contracted carrier: the carrier, the handover date as start and 2026 element, reason 13's description", () => {
    const xml = build("09-contracted");
    expect(xml).toContain("<cbc:StartDate>2026-11-26</cbc:StartDate>");
    expect(xml).toContain("<cbc:OccurrenceDate>2026-11-26</cbc:OccurrenceDate>");
    expect(xml).toContain(
      '<cac:CarrierParty><cac:PartyIdentification><cbc:ID schemeID="6">20600000005</cbc:ID>',
    );
    // OBS 4391: the carrier's MTC registration number.
    expect(xml).toContain(
      "<cac:PartyLegalEntity><cbc:RegistrationName>TRANSPORTES RAPIDOS S.A.C.</cbc:RegistrationName><cbc:CompanyID>1234567CNG</cbc:CompanyID></cac:PartyLegalEntity>",
    );
    expect(xml).toContain("<cbc:HandlingInstructions>Traslado de muestras</cbc:HandlingInstructions>");
    expect(xml).toContain('<cbc:GrossWeightMeasure unitCode="TNE">1.2</cbc:GrossWeightMeasure>');
    expect(xml).toContain("<cac:BuyerCustomerParty>");
    expect(xml).toContain("<cac:SellerSupplierParty>");
    expect(xml).not.toContain("<cac:DriverPerson>");
    expect(xml).not.toContain("<cac:TransportHandlingUnit>");
  });

  it("establishments carry AddressTypeCode with the owner's RUC as listID", () => {
    const xml = build("09-own-establishments");
    expect(xml).toContain(
      `<cbc:AddressTypeCode listID="${ISSUER.ruc}" listAgencyName="PE:SUNAT" listName="Establecimientos anexos">0001</cbc:AddressTypeCode>`,
    );
    expect(xml).toContain(
      `listID="${ISSUER.ruc}" listAgencyName="PE:SUNAT" listName="Establecimientos anexos">0000<`,
    );
  });

  it("carrier guide: type 31, no reason or mode, the sender as DespatchParty", () => {
    const xml = build("31-carrier");
    expect(xml).toContain(">31</cbc:DespatchAdviceTypeCode>");
    expect(xml).toContain("<cbc:ID>V001-1</cbc:ID>");
    expect(xml).not.toContain("HandlingCode");
    expect(xml).not.toContain("TransportModeCode");
    expect(xml).toMatch(/<cac:DespatchParty><cac:PartyIdentification><cbc:ID schemeID="6"[^>]*>20500000008</);
    // OBS 4388 and 4399: the freight payer and each vehicle's certificate.
    expect(xml).toContain(
      "<cbc:SpecialInstructions>SUNAT_Envio_IndicadorPagadorFlete_Remitente</cbc:SpecialInstructions>",
    );
    expect(xml).toContain(
      "<cac:TransportEquipment><cbc:ID>XYZ789</cbc:ID><cac:ApplicableTransportMeans><cbc:RegistrationNationalityID>15M21028250E</cbc:RegistrationNationalityID></cac:ApplicableTransportMeans><cac:AttachedTransportEquipment><cbc:ID>TRL4567</cbc:ID><cac:ApplicableTransportMeans><cbc:RegistrationNationalityID>15M21028251E</cbc:RegistrationNationalityID></cac:ApplicableTransportMeans></cac:AttachedTransportEquipment>",
    );
  });

  it("escapes text and refuses a bad issue time", () => {
    expect(build("09-own-vehicle")).toContain("Cemento &amp; arena &lt;granel&gt;");
    expect(() =>
      buildDespatchAdviceXml({
        issuer: ISSUER,
        advice: DESPATCH_FIXTURES["31-carrier"]!,
        number: 1,
        issueTime: "25:00",
      }),
    ).toThrow(UblInputError);
  });
});
