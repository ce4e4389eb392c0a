import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test-support/test-gateway.js";
import { FileLinks } from "../usecases/file-links.js";

interface ErrorBody {
  error: { type: string; code: string; message: string; param: string | null };
}
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

describe("GET /v1/files/{document_id}/{kind}", () => {
  let gw: TestGateway;
  const clock = { now: Date.now() };
  const auth = () => ({ authorization: `Bearer ${gw.apiKey}` });
  const xmlUrl = () => `${gw.baseUrl}/v1/files/${gw.documentId}/xml`;
  /** The document's links as presented, pointed at this gateway. */
  const presentedLinks = async () => {
    const res = await fetch(`${gw.baseUrl}/v1/documents/${gw.documentId}`, { headers: auth() });
    const { links } = (await res.json()) as { links: Record<string, string> };
    return Object.fromEntries(
      Object.entries(links).map(([kind, url]) => {
        const { pathname, search } = new URL(url);
        return [kind, `${gw.baseUrl}${pathname}${search}`];
      }),
    );
  };

  beforeAll(async () => {
    gw = await startTestGateway({
      fileLinks: new FileLinks({ secret: randomBytes(32), ttlSeconds: 3600, clock: () => clock.now }),
    });
  });
  afterAll(() => gw?.stop());

  it("streams the stored bytes with their type, SUNAT's file name, an ETag and cache rules", async () => {
    const res = await fetch(xmlUrl(), { headers: auth() });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("<Invoice/>");
    expect(res.headers.get("content-type")).toBe("application/xml");
    expect(res.headers.get("content-length")).toBe("10");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="20000000001-01-F001-1.xml"');
    expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(res.headers.get("cache-control")).toBe("private, max-age=86400, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers HEAD with the headers and no body", async () => {
    const get = await fetch(xmlUrl(), { headers: auth() });
    const head = await fetch(xmlUrl(), { method: "HEAD", headers: auth() });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const name of ["content-type", "content-length", "etag", "content-disposition", "cache-control"])
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
  });

  it("answers 304 to If-None-Match with the current ETag, and the body to a stale one", async () => {
    const { headers } = await fetch(xmlUrl(), { headers: auth() });
    const etag = headers.get("etag")!;
    for (const tag of [etag, `W/${etag}`, `"stale", ${etag}`, "*"]) {
      const res = await fetch(xmlUrl(), { headers: { ...auth(), "if-none-match": tag } });
      expect(res.status, tag).toBe(304);
      expect(res.headers.get("etag")).toBe(etag);
    }
    const stale = await fetch(xmlUrl(), { headers: { ...auth(), "if-none-match": '"stale"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe("<Invoice/>");
  });

  it("says a file that does not exist yet is not ready, naming the kind, with Retry-After for the PDF", async () => {
    const pdf = await fetch(`${gw.baseUrl}/v1/files/${gw.documentId}/pdf`, { headers: auth() });
    expect(pdf.status).toBe(404);
    expect(pdf.headers.get("retry-after")).toBe("2");
    expect(await errorOf(pdf)).toMatchObject({ code: "file_not_ready", param: "kind" });
    const ticket = await fetch(`${gw.baseUrl}/v1/files/${gw.documentId}/pdf?format=ticket`, {
      headers: auth(),
    });
    expect(await errorOf(ticket)).toMatchObject({ code: "file_not_ready", param: "kind" });
  });

  it("refuses unknown kinds, unknown documents and formats that do not apply, in plain words", async () => {
    const kind = await fetch(`${gw.baseUrl}/v1/files/${gw.documentId}/docx`, { headers: auth() });
    expect(kind.status).toBe(404);
    expect(await errorOf(kind)).toMatchObject({ code: "resource_missing", param: "kind" });
    const doc = await fetch(`${gw.baseUrl}/v1/files/doc_ffffffffffffffffffff/xml`, { headers: auth() });
    expect(doc.status).toBe(404);
    expect(await errorOf(doc)).toMatchObject({ code: "resource_missing", param: "id" });
    const xmlFormat = await fetch(`${xmlUrl()}?format=ticket`, { headers: auth() });
    expect(xmlFormat.status).toBe(422);
    expect(await errorOf(xmlFormat)).toMatchObject({
      param: "format",
      message: expect.stringMatching(/pdf only/),
    });
    const pdfFormat = await fetch(`${gw.baseUrl}/v1/files/${gw.documentId}/pdf?format=a5`, {
      headers: auth(),
    });
    expect(pdfFormat.status).toBe(422);
    expect((await errorOf(pdfFormat)).message).toBe(
      "format must be a4 (the default) or ticket (an 80 mm roll).",
    );
  });

  it("presents signed links that open without a key, and only the file they name", async () => {
    const links = await presentedLinks();
    const signed = new URL(links.xml!);
    expect([...signed.searchParams.keys()]).toEqual(["company", "mode", "expires", "signature"]);
    const res = await fetch(links.xml!);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("<Invoice/>");
    expect((await fetch(links.xml!, { method: "HEAD" })).status).toBe(200);

    const otherFile = new URL(links.xml!);
    otherFile.pathname = otherFile.pathname.replace(/xml$/, "cdr");
    const moved = await fetch(otherFile);
    expect(moved.status).toBe(403);
    expect(await errorOf(moved)).toMatchObject({ type: "authentication_error", code: "file_link_invalid" });
  });

  it.each([
    ["company", "cmp_ffffffffffffffff"],
    ["mode", "live"],
    ["expires", "9999999999"],
    ["signature", "x"],
  ])("refuses a link whose %s was changed with 403", async (param, value) => {
    const url = new URL((await presentedLinks()).xml!);
    url.searchParams.set(param, value);
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ code: "file_link_invalid" });
  });

  it("refuses an expired link with 403, saying when it expired and what to do", async () => {
    const link = (await presentedLinks()).xml!;
    const saved = clock.now;
    clock.now = Number(new URL(link).searchParams.get("expires")) * 1000 + 1;
    try {
      const res = await fetch(link);
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toMatchObject({
        code: "file_link_expired",
        message: expect.stringMatching(/^This file link expired at \d{4}-.*Read the document again/),
      });
    } finally {
      clock.now = saved;
    }
  });

  it("asks for a key when there is neither a key nor a signature", async () => {
    const res = await fetch(xmlUrl());
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toMatchObject({ code: "api_key_missing" });
  });

  it("does not let a signature stand in for a key on any other path", async () => {
    const { search } = new URL((await presentedLinks()).xml!);
    const res = await fetch(`${gw.baseUrl}/v1/documents/${gw.documentId}${search}`);
    expect(res.status).toBe(401);
  });
});
