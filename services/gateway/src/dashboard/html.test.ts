import { describe, expect, it } from "vitest";
import { escapeHtml, html } from "./html.js";

describe("html", () => {
  it("should escape every interpolated value, in text and in attributes", () => {
    const name = `<script>alert("x")</script> & 'y'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>',
    );
  });

  it("should insert nested templates as markup, arrays joined, and nothing for null, undefined and false", () => {
    const items = ["a<b", "c"].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.value).toBe(
      "<ul><li>a&lt;b</li><li>c</li></ul>0",
    );
  });

  it("should leave plain text alone", () => {
    expect(escapeHtml("EMPRESA DE PRUEBA S.A.C. — 118.00")).toBe("EMPRESA DE PRUEBA S.A.C. — 118.00");
  });
});
