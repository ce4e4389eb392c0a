import { create } from "@bufbuild/protobuf";
import { IssuerSchema } from "@einvoice/proto";
import { describe, expect, it } from "vitest";
import { sampleDocument } from "../../test-support/sample-document.js";
import { documentEmailContent } from "./email-content.js";

const document = sampleDocument({ links: { cdr: "https://files.example/cdr" } });
const issuer = create(IssuerSchema, {
  ruc: "20000000001",
  legalName: `PANADERÍA "LA <b>ESQUINA</b>" & HNOS <script>alert(1)</script>`,
  address: { line: "AV. 1", establishmentCode: "0000", countryCode: "PE" },
});

describe("documentEmailContent", () => {
  it("says the same in text and HTML, every value from the document escaped in the HTML", () => {
    const { subject, text, html } = documentEmailContent(document, issuer, {
      cid: "logo.eml_1@einvoice",
      width: 240,
      height: 80,
    });
    expect(subject).toBe(`Factura Electrónica F001-12 de ${issuer.legalName}`);
    expect(text).toContain(`${issuer.legalName} (RUC 20000000001) le envía su Factura Electrónica F001-12`);
    expect(text).toContain("S/ 118.00");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain(
      "PANADERÍA &quot;LA &lt;b&gt;ESQUINA&lt;/b&gt;&quot; &amp; HNOS &lt;script&gt;alert(1)&lt;/script&gt;",
    );
    expect(html).toContain("<strong>S/ 118.00</strong>");
    expect(html).toContain(
      '<img src="cid:logo.eml_1@einvoice" width="240" height="80" alt="PANADERÍA &quot;LA',
    );
    expect(html).toContain("constancia de recepción de SUNAT (CDR)");
  });

  it("shows no image at all without the issuer's logo", () => {
    const { html } = documentEmailContent(document, issuer);
    expect(html).not.toContain("<img");
  });
});
