import { createHash } from "node:crypto";
import { readCdrZip, zipDocument } from "@einvoice/sunat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { example, signXmlForTest } from "../../test-support/signing.js";
import {
  addScenario,
  documentView,
  startTestSimulator,
  type TestSimulator,
} from "../../test-support/test-simulator.js";

// openubl-xsender-java despatch-advice-T.xml: guía remitente T001-123 of RUC 20123456789 (unsigned sample).
const RUC = "20123456789";
const guide = (number: number) =>
  signXmlForTest(
    example("openubl-xsender-java/despatch-advice-T.xml").replace("T001-123", `T001-${number}`),
    RUC,
  );
const name = (number: number) => `${RUC}-09-T001-${number}`;

let t: TestSimulator;
let token: string;

beforeAll(async () => {
  t = await startTestSimulator({ greClients: new Map([["test-client", "test-secret"]]) });
  token = await getToken("test-client", "test-secret").then(
    async (r) => ((await r.json()) as { access_token: string }).access_token,
  );
});
afterAll(() => t.close());

function getToken(clientId: string, secret: string, pathClient = clientId): Promise<Response> {
  return fetch(`${t.url}/v1/clientessol/${pathClient}/oauth2/token/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      scope: "https://api-cpe.sunat.gob.pe",
      client_id: clientId,
      client_secret: secret,
      username: `${RUC}MODDATOS`,
      password: "moddatos",
    }),
  });
}

async function send(
  number: number,
  xml: string,
  options: { hash?: string; bearer?: string; headers?: Record<string, string>; nomArchivo?: string } = {},
) {
  const zip = await zipDocument(name(number), xml);
  const response = await fetch(`${t.url}/v1/contribuyente/gem/comprobantes/${name(number)}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${options.bearer ?? token}`,
      ...options.headers,
    },
    body: JSON.stringify({
      archivo: {
        nomArchivo: options.nomArchivo ?? `${name(number)}.zip`,
        arcGreZip: zip.toString("base64"),
        hashZip: options.hash ?? createHash("sha256").update(zip).digest("hex"),
      },
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function status(ticket: string, bearer = token) {
  const response = await fetch(`${t.url}/v1/contribuyente/gem/comprobantes/envios/${ticket}`, {
    headers: { authorization: `Bearer ${bearer}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("GRE token", () => {
  it("issues a bearer token to a configured client", async () => {
    const response = await getToken("test-client", "test-secret");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 3600,
    });
  });

  it.each([
    ["wrong secret", "test-client", "nope", "test-client"],
    ["unknown client", "other", "test-secret", "other"],
    ["path ≠ form client", "test-client", "test-secret", "other"],
  ])("401 invalid_client for a %s", async (_label, client, secret, pathClient) => {
    const response = await getToken(client, secret, pathClient);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: "invalid_client",
      error_description: "cliente no autorizado",
    });
  });
});

describe("GRE send + status", () => {
  it("accepts a signed guía: ticket, 98 for the pending polls, then 0 with a CDR carrying the QR URL", async () => {
    const sent = await send(1, guide(1), { headers: { "x-sim-knobs": "ticket_pending_polls=1" } });
    expect(sent).toEqual({
      status: 200,
      body: { numTicket: expect.stringMatching(/^[0-9a-f-]{36}$/), fecRecepcion: expect.any(String) },
    });
    const ticket = sent.body.numTicket as string;
    expect(await status(ticket)).toEqual({ status: 200, body: { codRespuesta: "98", indCdrGenerado: "0" } });
    const done = await status(ticket);
    expect(done.body).toMatchObject({ codRespuesta: "0", indCdrGenerado: "1" });
    const { cdr } = readCdrZip(Buffer.from(done.body.arcCdr as string, "base64"));
    expect(cdr).toMatchObject({ responseCode: "0", referenceId: "T001-1" });
    expect(cdr.documentDescription).toMatch(
      /^https:\/\/e-factura\.sunat\.gob\.pe\/v1\/contribuyente\/gre\/comprobantes\/descargaqr\?hashqr=/,
    );
    expect((await documentView(t, name(1))).body).toMatchObject({ registered: true, send_bill_calls: 1 });
  });

  it("a second send of the same guía: 99 with error 1033 and no CDR", async () => {
    const sent = await send(1, guide(1));
    expect(await status(sent.body.numTicket as string)).toEqual({
      status: 200,
      body: {
        codRespuesta: "99",
        error: { numError: "1033", desError: expect.any(String) },
        indCdrGenerado: "0",
      },
    });
  });

  it("an altered guía: 99 with 2335 and the rejection CDR", async () => {
    const tampered = guide(2).replace("<cbc:Note><![CDATA[NOTA GUIA]]>", "<cbc:Note><![CDATA[OTRA]]>");
    const done = await status((await send(2, tampered)).body.numTicket as string);
    expect(done.body).toMatchObject({ codRespuesta: "99", indCdrGenerado: "1", error: { numError: "2335" } });
    expect(readCdrZip(Buffer.from(done.body.arcCdr as string, "base64")).cdr.responseCode).toBe("2335");
  });

  it("422 for what the request itself gets wrong", async () => {
    expect(await send(3, guide(3), { hash: "00" })).toMatchObject({
      status: 422,
      body: { cod: "422", msg: "Unprocessable Entity", errors: [{ cod: "0156" }] },
    });
    expect(await send(3, guide(3), { nomArchivo: "x.zip" })).toMatchObject({
      status: 422,
      body: { errors: [{ cod: "0151" }] },
    });
    const invoice = await fetch(`${t.url}/v1/contribuyente/gem/comprobantes/${RUC}-01-F001-1`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(invoice.status).toBe(422);
    expect(await invoice.json()).toMatchObject({ errors: [{ cod: "501" }] });
  });

  it("401 without a valid token; 422 0127 for an unknown ticket", async () => {
    expect((await send(4, guide(4), { bearer: "forged" })).status).toBe(401);
    expect((await status("forged-ticket", "forged")).status).toBe(401);
    expect(await status("00000000-0000-0000-0000-000000000000")).toMatchObject({
      status: 422,
      body: { errors: [{ cod: "0127" }] },
    });
  });

  it("knobs apply to gre.send and gre.status", async () => {
    await addScenario(t, {
      match: { operation: "gre.send", number: 5 },
      knobs: { http_5xx_rate: 1 },
      times: 1,
    });
    const unavailable = await fetch(`${t.url}/v1/contribuyente/gem/comprobantes/${name(5)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: "{}",
    });
    expect(unavailable.status).toBe(503);
    const sent = await send(5, guide(5), { headers: { "x-sim-knobs": "force_code=4398" } });
    const ticket = sent.body.numTicket as string;
    await addScenario(t, {
      match: { operation: "gre.status", number: 5 },
      knobs: { force_code: "0100" },
      times: 1,
    });
    expect(await status(ticket)).toMatchObject({ status: 500, body: { cod: "0100" } });
    const done = await status(ticket);
    expect(done.body).toMatchObject({ codRespuesta: "0" });
    expect(readCdrZip(Buffer.from(done.body.arcCdr as string, "base64")).cdr.notes[0]?.code).toBe("4398");
  });
});
