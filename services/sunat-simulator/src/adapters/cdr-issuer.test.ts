import { unzipEntries } from "@einvoice/sunat";
import { createTestCertificate, LeanSignerWithFallback, XmlCryptoSigner } from "@einvoice/ubl";
import { describe, expect, it } from "vitest";
import { CdrIssuer, type CdrRequest } from "./cdr-issuer.js";

const credentials = createTestCertificate({ ruc: "20131312955", legalName: "SUNAT" });
const clock = () => new Date("2026-06-01T15:04:05.000Z");
const request: CdrRequest = {
  stem: "20000000001-01-F001-7",
  receiverRuc: "20000000001",
  referenceId: "F001-7",
  documentTypeCode: "01",
  verdict: {
    outcome: "observed",
    responseCode: "0",
    description: "La Factura numero F001-7, ha sido aceptada",
    notes: [{ code: "4287", text: "El precio unitario no cuadra" }],
  },
};

const cdrXml = (zip: Buffer) =>
  unzipEntries(zip)
    .find((e) => e.name.endsWith(".xml"))!
    .data.toString("utf8");

describe("the simulator's CDRs", () => {
  it("are signed the lean way, byte for byte as xml-crypto signs them, without falling back", async () => {
    const fallbacks: string[] = [];
    const lean = new CdrIssuer(new LeanSignerWithFallback((c) => fallbacks.push(c)), credentials, clock);
    const reference = new CdrIssuer(new XmlCryptoSigner(), credentials, clock);
    const xml = cdrXml(await lean.issue(request));
    expect(xml).toContain("<ds:SignatureValue>");
    expect(xml).toBe(cdrXml(await reference.issue(request)));
    expect(fallbacks).toEqual([]);
  });
});
