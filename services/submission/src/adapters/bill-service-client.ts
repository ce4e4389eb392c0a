import {
  buildSendBillEnvelope,
  parseSoapResponse,
  type SoapCredentials,
  type SoapResponse,
} from "@einvoice/sunat";

/** No usable answer came back (network error, timeout, HTTP 5xx, unparseable body): the outcome is unknown. */
export class SunatUnavailableError extends Error {
  override readonly name = "SunatUnavailableError";
}

export interface BillServiceClient {
  sendBill(
    endpoint: string,
    credentials: SoapCredentials,
    fileName: string,
    zip: Buffer,
  ): Promise<SoapResponse>;
}

/** SUNAT's billService over HTTP (SOAP 1.1). */
export class HttpBillServiceClient implements BillServiceClient {
  constructor(
    /** Per-call timeout in milliseconds. */
    private readonly timeoutMs: number,
  ) {}

  async sendBill(
    endpoint: string,
    credentials: SoapCredentials,
    fileName: string,
    zip: Buffer,
  ): Promise<SoapResponse> {
    const envelope = buildSendBillEnvelope({ ...credentials, fileName, zipBase64: zip.toString("base64") });
    return this.call(endpoint, "urn:sendBill", envelope);
  }

  private async call(endpoint: string, action: string, envelope: string): Promise<SoapResponse> {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "text/xml; charset=utf-8", soapaction: action },
        body: envelope,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new SunatUnavailableError(`SUNAT call failed: ${(error as Error).message}`, { cause: error });
    }
    const body = await response.text();
    if (response.status >= 500 && !body.includes("Fault>")) {
      throw new SunatUnavailableError(`SUNAT answered HTTP ${response.status}`);
    }
    if (body.trim() === "")
      throw new SunatUnavailableError(`SUNAT answered HTTP ${response.status} with no body`);
    try {
      return parseSoapResponse(body);
    } catch (error) {
      throw new SunatUnavailableError(`unreadable SUNAT answer: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
}
