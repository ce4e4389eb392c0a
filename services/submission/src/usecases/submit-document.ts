import { type Broker, type MessageContext, type Payload, publish, subjects } from "@einvoice/broker";
import type { ObjectStore } from "@einvoice/objects";
import type { Store } from "@einvoice/store";
import { zipDocument } from "@einvoice/sunat";
import { type BillServiceClient, SunatUnavailableError } from "../adapters/bill-service-client.js";
import { type SubmissionRecord, SubmissionRepository } from "../adapters/submission-repository.js";
import { interpretSendBill } from "../domain/interpret-response.js";

type Signed = Payload<typeof subjects.documentSigned>;

export interface SunatEndpoint {
  billUrl: string;
  username: string;
  password: string;
  simulated: boolean;
}

/** Resolves the endpoint and credentials for a document's mode and issuer. */
export type EndpointResolver = (signed: Signed) => SunatEndpoint;

/**
 * Sends a signed invoice or receipt to SUNAT's billService and turns the answer into a verdict. The submission
 * record is written before the call and after the answer; a verdict already stored is republished, never
 * re-sent. Transient failures are retried by the broker with the catalog's delays.
 */
export class SubmitDocument {
  constructor(
    private readonly store: Store,
    private readonly objects: ObjectStore,
    private readonly broker: Broker,
    private readonly client: BillServiceClient,
    private readonly endpointFor: EndpointResolver,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async execute(signed: Signed, ctx: MessageContext): Promise<void> {
    const repository = new SubmissionRepository(this.store);
    const existing = await repository.find(signed.company_id, signed.livemode, signed.document_id);
    if (existing?.state === "done") return this.publishVerdict(existing);

    const now = this.clock().toISOString();
    const record: SubmissionRecord = existing ?? {
      _id: signed.document_id,
      company_id: signed.company_id,
      livemode: signed.livemode,
      file_name: signed.file_name,
      state: "submitting",
      attempts: 0,
      last_error: null,
      outcome: null,
      sunat: null,
      cdr_key: null,
      created_at: now,
      updated_at: now,
    };
    record.attempts += 1;
    record.updated_at = now;
    await repository.upsert(record);

    const xml = await this.objects.get(signed.xml_key);
    if (!xml) throw new Error(`signed XML ${signed.xml_key} is missing`);
    const zip = await zipDocument(`${signed.file_name}.zip`, xml.body.toString("utf8"));
    const endpoint = this.endpointFor(signed);

    // SUNAT may take a minute: keep the message ours while we wait.
    const heartbeat = setInterval(() => ctx.working(), 15_000);
    let answer: Awaited<ReturnType<BillServiceClient["sendBill"]>>;
    try {
      answer = await this.client.sendBill(
        endpoint.billUrl,
        { username: `${signed.ruc}${endpoint.username}`, password: endpoint.password },
        `${signed.file_name}.zip`,
        zip,
      );
    } catch (error) {
      if (!(error instanceof SunatUnavailableError)) throw error;
      record.last_error = error.message;
      await repository.upsert(record);
      throw error;
    } finally {
      clearInterval(heartbeat);
    }

    const interpretation = interpretSendBill(answer);
    if (interpretation.kind === "retry") {
      record.last_error = `${interpretation.code} ${interpretation.reason}`.trim();
      await repository.upsert(record);
      ctx.logger.warn(
        { document: signed.document_id, code: interpretation.code },
        "SUNAT exception; retrying",
      );
      throw new Error(record.last_error);
    }

    let cdrKey: string | null = null;
    if (interpretation.cdrZip) {
      cdrKey = signed.xml_key.replace(/[^/]+$/, `R-${signed.file_name}.zip`);
      await this.objects.put(cdrKey, interpretation.cdrZip, "application/zip");
    }
    const done: SubmissionRecord = {
      ...record,
      state: "done",
      last_error: null,
      outcome: interpretation.outcome,
      sunat: { ...interpretation.verdict, simulated: endpoint.simulated },
      cdr_key: cdrKey,
      updated_at: this.clock().toISOString(),
    };
    await repository.upsert(done);
    await this.publishVerdict(done);
  }

  private async publishVerdict(record: SubmissionRecord): Promise<void> {
    if (!record.outcome || !record.sunat) throw new Error(`submission ${record._id} has no verdict`);
    await publish(
      this.broker.js,
      subjects.documentVerdict,
      {
        document_id: record._id,
        company_id: record.company_id,
        livemode: record.livemode,
        outcome: record.outcome,
        sunat: record.sunat,
        cdr_key: record.cdr_key,
      },
      { msgId: `${record._id}:verdict` },
    );
  }
}
