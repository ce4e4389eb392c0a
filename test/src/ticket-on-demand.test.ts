/**
 * The 80 mm ticket is made on its first request, not at signing: after acceptance only the A4 exists; the first
 * `?format=ticket` has the renderer make it (readable text, SUNAT's QR), later requests are served as stored with
 * their ETag, two first requests at once get the same bytes, and with the renderer stopped a first request is a
 * retryable 503 within the gateway's deadline, never a 500 or a hang.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { FilesystemObjectStore } from "@einvoice/objects";
import { requireBinaries } from "@einvoice/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { eventually } from "./support/simulator-control.js";
import { type TempDir, tempDir } from "./support/xml-tools.js";

const invoice = {
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE TICKET SAC" },
  items: [{ description: "Café pasado", quantity: 2, unit_price: "50.00" }],
};
/** The gateway's deadline on internal calls, kept short so the stopped-renderer case answers quickly. */
const RPC_TIMEOUT_MS = 4_000;

describe("the 80 mm ticket on demand", () => {
  let sys: TestSystem;
  let dir: TempDir;
  let objects: FilesystemObjectStore;

  const ticketUrl = (document: any) => {
    const url = new URL(document.links.pdf);
    url.searchParams.set("format", "ticket");
    return url;
  };
  const storedKey = (document: any, suffix: "" | "-ticket") =>
    `${sys.companyId}/test/${document.issue_date}/${document.id}_20000000001-01-F001-${document.number}${suffix}.pdf`;
  /** An accepted invoice whose A4 is linked. */
  const accepted = async () => {
    const created = await sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=20" } });
    expect(created.body.status).toBe("accepted");
    return eventually(
      async () => (await sys.request(`/v1/documents/${created.body.id}`)).body,
      (doc) => doc.links.pdf !== null,
    );
  };

  beforeAll(async () => {
    requireBinaries("pdftotext", "pdftoppm", "zbarimg");
    sys = await bootTestSystem({ serviceEnv: { gateway: { RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS) } } });
    dir = tempDir();
    objects = await FilesystemObjectStore.open(join(sys.system.dataDir, "objects"));
  });

  afterAll(async () => {
    await sys?.stop();
    dir?.remove();
  });

  it("exists only once asked for: readable, with SUNAT's QR, then 304 to its ETag", async () => {
    const document = await accepted();
    expect(await objects.get(storedKey(document, ""))).not.toBeNull();
    expect(await objects.get(storedKey(document, "-ticket"))).toBeNull();

    const first = await fetch(ticketUrl(document));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toBe(
      `inline; filename="20000000001-01-F001-${document.number}-ticket.pdf"`,
    );
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.equals((await objects.get(storedKey(document, "-ticket")))!.body)).toBe(true);

    const file = join(dir.path, "ticket.pdf");
    writeFileSync(file, bytes);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain(`F001-${document.number}`);
    expect(text).toContain("CLIENTE TICKET SAC");
    expect(text).toContain("Café pasado");
    expect(text).toContain("118.00");
    execFileSync("pdftoppm", ["-png", "-r", "200", "-f", "1", "-l", "1", file, join(dir.path, "ticket")]);
    const qr = execFileSync("zbarimg", ["--quiet", "--raw", join(dir.path, "ticket-1.png")], {
      encoding: "utf8",
    }).trim();
    expect(qr).toBe(
      `20000000001|01|F001|${document.number}|18.00|118.00|${document.issue_date}|6|20100070970|${document.hash}|`,
    );

    const etag = first.headers.get("etag")!;
    const again = await fetch(ticketUrl(document), { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const head = await fetch(ticketUrl(document), { method: "HEAD" });
    expect(head.headers.get("etag")).toBe(etag);
  });

  it("gives two first requests at once the same bytes", async () => {
    const document = await accepted();
    const [a, b] = await Promise.all([fetch(ticketUrl(document)), fetch(ticketUrl(document))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [bytesA, bytesB] = [Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())];
    expect(bytesA.equals(bytesB)).toBe(true);
    expect(a.headers.get("etag")).toBe(b.headers.get("etag"));
  });

  it("answers 503 with Retry-After while the renderer is stopped, and the ticket once it is back", async () => {
    const document = await accepted();
    const rendering = sys.system.pid("rendering")!;
    process.kill(rendering, "SIGSTOP");
    try {
      const started = Date.now();
      const stalled = await fetch(ticketUrl(document));
      expect(stalled.status).toBe(503);
      expect(stalled.headers.get("retry-after")).toBe("2");
      expect(((await stalled.json()) as any).error.code).toBe("service_unavailable");
      // The gateway's deadline, not the client's patience, ends the wait.
      expect(Date.now() - started).toBeLessThan(RPC_TIMEOUT_MS + 5_000);
      expect(await objects.get(storedKey(document, "-ticket"))).toBeNull();
      // The A4 is still served: only a ticket not made yet needs the renderer.
      expect((await fetch(document.links.pdf)).status).toBe(200);
    } finally {
      process.kill(rendering, "SIGCONT");
    }
    const resumed = await fetch(ticketUrl(document));
    expect(resumed.status).toBe(200);
  });
});
