import {
  buildConsultGetStatusEnvelope,
  buildGetStatusEnvelope,
  buildSendSummaryEnvelope,
  type GetStatusCdrInput,
  type SoapCredentials,
  type SoapResponse,
} from "@einvoice/sunat";
import { HttpBillServiceClient } from "../adapters/bill-service-client.js";

/** billService.sendSummary / getStatus (ticket) and billConsultService.getStatus (validity) for summaries. */
export interface SummaryServiceClient {
  sendSummary(
    endpoint: string,
    credentials: SoapCredentials,
    fileName: string,
    zip: Buffer,
  ): Promise<SoapResponse>;
  getStatus(endpoint: string, credentials: SoapCredentials, ticket: string): Promise<SoapResponse>;
  /** Validity of one invoice (0001 valid, 0002 rejected, 0003 voided); reads a lost RA's outcome back. */
  consultStatus(endpoint: string, query: GetStatusCdrInput): Promise<SoapResponse>;
}

/** Over HTTP with the same transport rules as sendBill (timeouts and unreadable answers are "maybe processed"). */
export class HttpSummaryServiceClient extends HttpBillServiceClient implements SummaryServiceClient {
  sendSummary(endpoint: string, credentials: SoapCredentials, fileName: string, zip: Buffer) {
    const envelope = buildSendSummaryEnvelope({
      ...credentials,
      fileName,
      zipBase64: zip.toString("base64"),
    });
    return this.call(endpoint, "urn:sendSummary", envelope);
  }

  getStatus(endpoint: string, credentials: SoapCredentials, ticket: string) {
    return this.call(endpoint, "urn:getStatus", buildGetStatusEnvelope({ ...credentials, ticket }));
  }

  consultStatus(endpoint: string, query: GetStatusCdrInput) {
    return this.call(endpoint, "urn:getStatus", buildConsultGetStatusEnvelope(query));
  }
}
