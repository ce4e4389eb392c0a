import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { referenceCdrXml } from "../test-support/cdr-reference.js";
import { fixture, GREENTER_CDR_DIR, listFixtures, XSENDER_DIR } from "../test-support/fixtures.js";
import { buildCdrXml, type CdrInput } from "./cdr-build.js";
import { parseCdr, parseNote, readCdrZip } from "./cdr-read.js";
import { CdrFormatError } from "./errors.js";
import { xmlSyntaxError } from "./xml-read.js";

const isCdrFile = (name: string) => /^R-.*\.xml$/.test(name) || name.startsWith("efact_cdr");

describe("parseCdr on every example CDR", () => {
  const files = [
    ...listFixtures(GREENTER_CDR_DIR).map((name) => ({ dir: GREENTER_CDR_DIR, name })),
    ...listFixtures(XSENDER_DIR).map((name) => ({ dir: XSENDER_DIR, name })),
  ].filter(({ name }) => isCdrFile(name) || name.endsWith(".zip"));

  it("found the example set", () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
  });

  it.each(files)("$name parses with a numeric response code", ({ dir, name }) => {
    const data = fixture(dir, name);
    const cdr = name.endsWith(".zip") ? readCdrZip(data).cdr : parseCdr(data);
    expect(cdr.responseCode).toMatch(/^\d+$/);
    expect(cdr.referenceId).not.toBe("");
  });
});

describe("parseCdr details", () => {
  it("reads observations from R-20600995805-01-F001-3.xml", () => {
    const cdr = parseCdr(fixture(GREENTER_CDR_DIR, "R-20600995805-01-F001-3.xml"));
    expect(cdr).toMatchObject({
      id: "201656892705188",
      issueDate: "2016-05-25",
      responseDate: "2016-05-25",
      responseCode: "0",
      referenceId: "F001-1",
      documentId: "F001-1",
      senderId: "20131312955",
      receiverId: "20600995805",
      recipientId: "6-20587896411",
    });
    expect(cdr.notes).toEqual([
      { code: "4031", text: "Debe indicar el nombre comercial" },
      { code: "4001", text: "El numero de RUC del receptor no existe." },
    ]);
  });

  it("reads the GRE QR URL and decodes numeric entities (cdrGRE.zip)", () => {
    const { entryName, cdr } = readCdrZip(fixture(GREENTER_CDR_DIR, "cdrGRE.zip"));
    expect(entryName).toBe("R-20000000001-09-T001-1.xml");
    expect(cdr.documentDescription).toMatch(
      /^https:\/\/e-factura\.sunat\.gob\.pe\/v1\/contribuyente\/gre\/comprobantes\/descargaqr\?hashqr=/,
    );
    expect(cdr.notes[0]).toEqual({
      code: "4398",
      text: "El Número de placa no se encuentra en las bases consultadas, placa: F2E836",
    });
  });

  it("skips the dummy entry of cdr-rechazo.zip and reads a bare exception CDR", () => {
    const { entryName, cdr } = readCdrZip(fixture(GREENTER_CDR_DIR, "cdr-rechazo.zip"));
    expect(entryName).toBe("R-20600995805-01-F001-2.xml");
    expect(cdr.responseCode).toBe("0109");
    expect(cdr.description).toBe("El sistema no pudo procesar su solicitud");
    expect(cdr.id).toBeUndefined();
  });

  it("decodes ISO-8859-1 content (cdrBaja.zip)", () => {
    const { cdr } = readCdrZip(fixture(GREENTER_CDR_DIR, "cdrBaja.zip"));
    expect(cdr.description).toBe("La Comunicación de baja RA-20171001-1, ha sido aceptada");
  });

  it("reads an OSE CDR with default-namespace cbc and PartyLegalEntity (efact_cdr1.xml)", () => {
    const cdr = parseCdr(fixture(GREENTER_CDR_DIR, "efact_cdr1.xml"));
    expect(cdr).toMatchObject({
      id: "e449aad1-41f0-46e9-b10c-f33f680e0725",
      responseCode: "0",
      description: "La Factura F001-1 ha sido aceptada.",
      senderId: "20000000003",
      receiverId: "20000000001",
    });
  });

  it("reads notes whose text repeats the code (openubl sample)", () => {
    const cdr = parseCdr(fixture(XSENDER_DIR, "R-20220557805-01-F001-22Openubl.xml"));
    expect(cdr.notes).toHaveLength(8);
    expect(cdr.notes.map((n) => n.code)).toContain("3030");
    expect(cdr.notes[2]!.text).toMatch(/^El XML no contiene el tag o no existe información/);
  });

  it("rejects non-CDR input with CdrFormatError", () => {
    expect(() => parseCdr("<Invoice/>")).toThrow(CdrFormatError);
    expect(() => parseCdr("<ApplicationResponse><oops></ApplicationResponse>")).toThrow(CdrFormatError);
    expect(() => readCdrZip(zipSync({ dummy: new Uint8Array() }))).toThrow(/R-\*\.xml/);
  });

  it("parseNote keeps unnumbered notes whole", () => {
    expect(parseNote("sin código")).toEqual({ code: "", text: "sin código" });
  });
});

describe("buildCdrXml", () => {
  const input: CdrInput = {
    id: "1700000000001",
    issueDate: "2024-05-01",
    issueTime: "10:00:00",
    responseDate: "2024-05-01",
    responseTime: "10:00:02",
    receiverRuc: "20000000001",
    recipientId: "6-20000000002",
    referenceId: "F001-1",
    documentId: "F001-1",
    documentTypeCode: "01",
    responseCode: "0",
    description: "La Factura numero F001-1, ha sido aceptada",
    notes: [{ code: "4288", text: "El valor de venta por ítem difiere de los importes consignados." }],
  };

  it("round-trips through parseCdr", () => {
    const xml = buildCdrXml(input);
    expect(xmlSyntaxError(xml)).toBeUndefined();
    expect(parseCdr(xml)).toEqual({
      id: input.id,
      issueDate: input.issueDate,
      issueTime: input.issueTime,
      responseDate: input.responseDate,
      responseTime: input.responseTime,
      responseCode: "0",
      description: input.description,
      notes: input.notes,
      referenceId: "F001-1",
      documentId: "F001-1",
      senderId: "20131312955",
      receiverId: "20000000001",
      recipientId: "6-20000000002",
    });
  });

  it("carries a GRE QR URL in DocumentReference/DocumentDescription, after DocumentTypeCode", () => {
    const url = "https://e-factura.sunat.gob.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=abc";
    const xml = buildCdrXml({ ...input, documentTypeCode: "09", documentDescription: url });
    expect(xml).toContain(
      `<cbc:DocumentTypeCode>09</cbc:DocumentTypeCode><cbc:DocumentDescription>${url.replace("&", "&amp;")}</cbc:DocumentDescription>`,
    );
    expect(parseCdr(xml).documentDescription).toBe(url);
  });

  it("has SUNAT's shape: versions, empty extension slot, SignSUNAT block, schema order", () => {
    const xml = buildCdrXml(input);
    expect(xml).toContain('xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"');
    expect(xml).toContain(
      "<cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.0</cbc:CustomizationID>",
    );
    expect(xml).toMatch(/<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent\s*\/>/);
    expect(xml).toContain("<cbc:URI>#SignSUNAT</cbc:URI>");
    const order = [
      "ResponseTime>",
      "cbc:Note>",
      "cac:Signature>",
      "cac:SenderParty>",
      "cac:DocumentResponse>",
    ];
    const positions = order.map((tag) => xml.indexOf(tag));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("writes byte for byte what xmlbuilder2 wrote, for every optional part and text that needs escaping", () => {
    const { notes: _, documentTypeCode: __, recipientId: ___, ...bare } = input;
    const variants: CdrInput[] = [
      input,
      bare,
      { ...bare, notes: [] },
      {
        ...input,
        senderRuc: "20100070970",
        documentTypeCode: "09",
        documentDescription: "https://x/qr?a=1&b=<2>",
      },
      {
        ...input,
        description: `A & B <c> "d" 'e' ]]> \r\n\tñandú – 😀`,
        notes: [
          { code: "4000", text: "x < y & z > w" },
          { code: "", text: "sin código" },
        ],
        recipientId: "1-<&>",
        referenceId: "RC-20240501-1",
        documentId: "F001-1&2",
      },
    ];
    for (const variant of variants) expect(buildCdrXml(variant)).toBe(referenceCdrXml(variant));
  });

  it("escapes a text that already looks escaped (xmlbuilder2 left `&amp;` as it was, so it read back as `&`)", () => {
    const description = "Tom &amp; Jerry &lt;3 &#38;";
    expect(parseCdr(buildCdrXml({ ...input, description })).description).toBe(description);
  });

  it("passes the unsigned XML to the sign hook and returns its result", () => {
    let seen = "";
    const signed = buildCdrXml({
      ...input,
      sign: (xml) => {
        seen = xml;
        return xml.replace(
          "<ext:ExtensionContent/>",
          '<ext:ExtensionContent><ds:Signature Id="SignSUNAT"/></ext:ExtensionContent>',
        );
      },
    });
    expect(seen).toContain("<ext:ExtensionContent/>");
    expect(signed).toContain('<ds:Signature Id="SignSUNAT"/>');
    expect(parseCdr(signed).responseCode).toBe("0");
  });
});
