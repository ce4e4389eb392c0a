/**
 * POST /v1/documents/{id}/email through a real SMTP server started here (`smtp-server`), read back with
 * `mailparser`: the PDF, XML and CDR attached byte for byte, a Spanish subject, `email.sent` and `email.failed`
 * as events of the document, and plain refusals.
 */
import { join } from "node:path";
import { FilesystemObjectStore } from "@einvoice/objects";
import { freePort } from "@einvoice/testkit";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootTestSystem, type TestSystem } from "./harness.js";
import { eventually } from "./support/simulator-control.js";

const invoice = {
  series: "F001",
  customer: { document_type: "6", document_number: "20100070970", name: "CLIENTE CORREO SAC" },
  items: [{ description: "Servicio de diseño", quantity: 1, unit_price: "100.00" }],
};

describe("emailing a document", () => {
  let sys: TestSystem;
  let smtp: SMTPServer;
  const mails: ParsedMail[] = [];

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith("rebota@")) callback(new Error("550 mailbox unavailable"));
        else callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          mails.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
    sys = await bootTestSystem({
      serviceEnv: {
        notification: { SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_RETRY_DELAYS_MS: "100,100" },
      },
    });
  });

  afterAll(async () => {
    await sys?.stop();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it("sends the PDF, XML and CDR as stored, in Spanish, and records email.sent on the document", async () => {
    const created = await sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=20" } });
    const id = created.body.id as string;
    const queued = await sys.request(`/v1/documents/${id}/email`, {
      body: { to: ["compras@cliente.com.pe"], cc: ["contabilidad@cliente.com.pe"] },
    });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({
      object: "email",
      document_id: id,
      status: "queued",
      to: ["compras@cliente.com.pe"],
    });
    expect(queued.headers.get("location")).toBe(`/v1/emails/${queued.body.id}`);

    const sent = await eventually(
      async () => (await sys.request(`/v1/emails/${queued.body.id}`)).body,
      (email) => email.status !== "queued",
    );
    expect(sent).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe(`Factura Electrónica F001-${created.body.number} de EMPRESA DE PRUEBA S.A.C.`);
    expect(mail.text).toContain("S/ 118.00");
    expect(mail.cc).toBeTruthy();

    const objects = await FilesystemObjectStore.open(join(sys.system.dataDir, "objects"));
    const stem = `20000000001-01-F001-${created.body.number}`;
    const folder = `${sys.companyId}/test/${created.body.issue_date}`;
    const stored = async (name: string) => (await objects.get(`${folder}/${id}_${name}`))!.body;
    const attached = Object.fromEntries(mail.attachments.map((a) => [a.filename, a.content]));
    expect(Object.keys(attached).sort()).toEqual([`${stem}.pdf`, `${stem}.xml`, `R-${stem}.zip`].sort());
    for (const name of Object.keys(attached))
      expect(attached[name]!.equals(await stored(name)), name).toBe(true);

    const events = await eventually(
      async () => (await sys.request(`/v1/events?document_id=${id}`)).body.data,
      (list: { type: string; data: { object: Record<string, unknown> } }[]) =>
        list.some((e) => e.type === "email.sent"),
    );
    expect(events.map((e: { type: string }) => e.type)).toEqual(["email.sent", "document.accepted"]);
    expect(events[0]!.data.object).toMatchObject({ object: "email", id: queued.body.id, status: "sent" });
  });

  it("waits for a PDF not made yet without spending attempts, then sends it", async () => {
    const renderer = sys.system.pid("rendering")!;
    process.kill(renderer, "SIGSTOP");
    let queued: Awaited<ReturnType<typeof sys.request>>;
    try {
      const created = await sys.request("/v1/invoices", { body: invoice });
      queued = await sys.request(`/v1/documents/${created.body.id}/email`, {
        body: { to: ["compras@cliente.com.pe"] },
      });
      expect(queued.status).toBe(202);
      // Several passes of the sender (one a second) find no PDF: the email stays queued, no attempt spent.
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      const waiting = (await sys.request(`/v1/emails/${queued.body.id}`)).body;
      expect(waiting).toMatchObject({ status: "queued", attempts: 0, last_error: null });
    } finally {
      process.kill(renderer, "SIGCONT");
    }
    const sent = await eventually(
      async () => (await sys.request(`/v1/emails/${queued.body.id}`)).body,
      (email) => email.status !== "queued",
    );
    expect(sent).toMatchObject({ status: "sent", attempts: 1, last_error: null });
  });

  it("gives up after its attempts with email.failed and the server's error", async () => {
    const created = await sys.request("/v1/invoices", { body: invoice, headers: { prefer: "wait=20" } });
    const queued = await sys.request(`/v1/documents/${created.body.id}/email`, {
      body: { to: ["rebota@cliente.com.pe"] },
    });
    const failed = await eventually(
      async () => (await sys.request(`/v1/emails/${queued.body.id}`)).body,
      (email) => email.status === "failed",
    );
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toMatch(/550 mailbox unavailable/);
    const events = await eventually(
      async () =>
        (await sys.request(`/v1/events?document_id=${created.body.id}&type=email.failed`)).body.data,
      (list: { data: { object: { last_error: string } } }[]) => list.length === 1,
    );
    expect(events[0]!.data.object.last_error).toMatch(/550/);
  });

  it("refuses bad addresses naming each, and documents of another mode", async () => {
    const created = await sys.request("/v1/invoices", { body: invoice });
    const bad = await sys.request(`/v1/documents/${created.body.id}/email`, {
      body: { to: ["no-es-correo", "ok@cliente.pe"] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.param).toBe("to.0");
    const none = await sys.request(`/v1/documents/${created.body.id}/email`, { body: { to: [] } });
    expect(none.status).toBe(422);
    const live = await sys.request(`/v1/documents/${created.body.id}/email`, {
      key: sys.liveKey,
      body: { to: ["ok@cliente.pe"] },
    });
    expect(live.status).toBe(404);
  });
});
