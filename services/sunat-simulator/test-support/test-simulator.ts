import { createLogger } from "@einvoice/platform";
import { openStore, type Store } from "@einvoice/store";
import {
  buildGetStatusCdrEnvelope,
  buildSendBillEnvelope,
  buildSendSummaryEnvelope,
  parseSoapResponse,
  type SoapResponse,
  SUNAT_RUC,
  zipDocument,
} from "@einvoice/sunat";
import { freePort } from "@einvoice/testkit";
import { createTestCertificate, type SigningCredentials, XmlCryptoSigner } from "@einvoice/ubl";
import { type Simulator, type SimulatorOptions, startSimulator } from "../src/simulator.js";

export const BILL_PATH = "/ol-ti-itcpfegem-beta/billService";
export const CONSULT_PATH = "/ol-it-wsconscpegem/billConsultService";

let sunatCredentials: SigningCredentials | undefined;

export interface TestSimulator {
  sim: Simulator;
  store: Store;
  url: string;
  close(): Promise<void>;
}

/**
 * A simulator on a free port of 127.0.0.1 over an SQLite store (`:memory:` unless a file is given, which a
 * restart test reuses). Everything else can be overridden, `random` and `knobs` included.
 */
export async function startTestSimulator(
  options: Partial<SimulatorOptions> & { file?: string } = {},
): Promise<TestSimulator> {
  const { file, ...overrides } = options;
  const store = overrides.store ?? (await openStore({ engine: "sqlite", file: file ?? ":memory:" }));
  sunatCredentials ??= createTestCertificate({ ruc: SUNAT_RUC, legalName: "SUNAT (simulator test)" });
  const port = await freePort();
  const sim = await startSimulator({
    host: "127.0.0.1",
    port,
    store,
    logger: createLogger("sunat-simulator-test", "silent"),
    signer: new XmlCryptoSigner(),
    sunatCredentials,
    ...overrides,
  });
  return {
    sim,
    store,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await sim.close();
      if (!overrides.store) await store.close();
    },
  };
}

export interface SoapResult {
  status: number;
  text: string;
  response: SoapResponse;
}

/** POSTs a SOAP envelope; rejects like fetch does when the socket dies or the signal fires. */
export async function postSoap(
  url: string,
  envelope: string,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<SoapResult> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "text/xml; charset=utf-8", ...init.headers },
    body: envelope,
    ...(init.signal && { signal: init.signal }),
  });
  const text = await response.text();
  let parsed: SoapResponse;
  try {
    parsed = parseSoapResponse(text);
  } catch {
    parsed = { kind: "fault", faultCode: `HTTP ${response.status}`, faultString: text };
  }
  return { status: response.status, text, response: parsed };
}

/** The SOL user of a RUC as the platform sends it: RUC + MODDATOS. */
export const solUser = (ruc: string) => ({ username: `${ruc}MODDATOS`, password: "moddatos" });

export async function sendBill(
  t: TestSimulator,
  stem: string,
  xml: string,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<SoapResult> {
  const zip = await zipDocument(stem, xml);
  const envelope = buildSendBillEnvelope({
    ...solUser(stem.slice(0, 11)),
    fileName: `${stem}.zip`,
    zipBase64: zip.toString("base64"),
  });
  return postSoap(t.url + BILL_PATH, envelope, init);
}

export async function sendSummary(
  t: TestSimulator,
  stem: string,
  xml: string,
  headers: Record<string, string> = {},
): Promise<SoapResult> {
  const zip = await zipDocument(stem, xml);
  const envelope = buildSendSummaryEnvelope({
    ...solUser(stem.slice(0, 11)),
    fileName: `${stem}.zip`,
    zipBase64: zip.toString("base64"),
  });
  return postSoap(t.url + BILL_PATH, envelope, { headers });
}

export function getStatusCdr(
  t: TestSimulator,
  identity: { ruc: string; type: string; series: string; number: number | string },
  headers: Record<string, string> = {},
): Promise<SoapResult> {
  return postSoap(
    t.url + CONSULT_PATH,
    buildGetStatusCdrEnvelope({ ...solUser(identity.ruc), ...identity }),
    {
      headers,
    },
  );
}

/** `GET /__sim/documents/{id}` as status and JSON. */
export async function documentView(t: TestSimulator, id: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${t.url}/__sim/documents/${id}`);
  return { status: response.status, body: await response.json() };
}

export async function addScenario(
  t: TestSimulator,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${t.url}/__sim/scenarios`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}
