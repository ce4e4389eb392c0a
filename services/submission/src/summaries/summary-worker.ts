import { create } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { type Broker, publish, subjects } from "@einvoice/broker";
import type { SunatVerdict } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import type { Logger } from "@einvoice/platform";
import { DocumentVoidOutcomeSchema, type SigningService } from "@einvoice/proto";
import type { Store } from "@einvoice/store";
import {
  classifyResponseCode,
  isTransientException,
  readCdrZip,
  type SoapResponse,
  zipDocument,
} from "@einvoice/sunat";
import { SunatUnavailableError } from "../adapters/bill-service-client.js";
import type { SunatEndpoint } from "../adapters/sunat-endpoints.js";
import { pollDelay, summaryOutcome } from "./summary-plan.js";
import {
  type SummaryRecord,
  summariesCollection,
  type VoidItemRecord,
  voidItemsCollection,
} from "./summary-records.js";
import type { SummaryServiceClient } from "./summary-service-client.js";

export interface SummaryWorkerOptions {
  /** Backoff after a failed call, milliseconds; the last repeats. */
  retryDelaysMs: number[];
  pollFirstMs: number;
  pollMaxMs: number;
}

/** SUNAT answers to presenting a summary file name again: 2223 (RC) / 2324 (RA) done, 0402 still in process. */
const PRESENTED_BEFORE = new Set(["2223", "2324"]);
const IN_PROCESS = "0402";

/**
 * Moves one claimed summary as far as it can go: sign and store it, send it (the `sending` state is saved
 * before the call, so a crash or a lost reply leads to presenting the same file again, never a second summary),
 * poll its ticket with backoff (98 = in process), then store the CDR and publish each void's outcome.
 */
export class SummaryWorker {
  constructor(
    private readonly deps: {
      store: Store;
      objects: ObjectStore;
      broker: Broker;
      client: SummaryServiceClient;
      endpoint: (target: { company_id: string; livemode: boolean }) => Promise<SunatEndpoint>;
      signing: Client<typeof SigningService>;
      logger: Logger;
      clock?: () => Date;
    },
    private readonly options: SummaryWorkerOptions,
  ) {}

  private now(): Date {
    return (this.deps.clock ?? (() => new Date()))();
  }

  async execute(summary: SummaryRecord): Promise<void> {
    try {
      await this.step(summary);
    } catch (error) {
      // Anything unexpected (signing down, object store, broker): try again later, until the deadline.
      const delay = this.retryDelay(summary.tries);
      this.deps.logger.warn({ err: error, summary: summary._id }, "summary step failed; retrying");
      await this.save(summary, {
        tries: summary.tries + 1,
        last_error: (error as Error).message,
        next_at: new Date(this.now().getTime() + delay).toISOString(),
      });
    }
  }

  private async step(summary: SummaryRecord): Promise<void> {
    if (summary.state === "done") return this.publishOutcomes(summary);
    if (this.now().toISOString() >= summary.deadline_at) {
      return this.finish(summary, {
        outcome: "failed",
        failure: {
          code: "void_deadline_exceeded",
          message: `SUNAT gave no answer for ${summary.summary_id} before the deadline${summary.last_error ? `: ${summary.last_error}` : ""}`,
        },
      });
    }
    if (summary.state === "built") await this.build(summary);
    if (summary.state === "ready" || summary.state === "sending") return this.send(summary);
    if (summary.state === "ticketed") return this.poll(summary);
  }

  /** Signs the summary (SigningService, deterministic) and stores its zip. */
  private async build(summary: SummaryRecord): Promise<void> {
    const items = await this.items(summary);
    const signed = await this.deps.signing.signSummary({
      scope: { companyId: summary.company_id, livemode: summary.livemode },
      kind: summary.kind,
      ruc: summary.ruc,
      legalName: summary.legal_name,
      number: summary.number,
      issueDate: summary.issue_date,
      referenceDate: summary.reference_date,
      lines: items.map((item) => ({
        type: item.line.type,
        series: item.line.series,
        number: item.line.number,
        reason: item.line.reason,
        conditionCode: summary.kind === "RC" ? "3" : "",
        currency: item.line.currency,
        customerDocumentType: item.line.customer_document_type,
        customerDocumentNumber: item.line.customer_document_number,
        total: item.line.total,
        payments: item.line.payments,
        taxes: item.line.taxes,
      })),
    });
    const zip = await zipDocument(`${summary.file_name}.zip`, signed.xml);
    const base = `${summary.company_id}/${summary.livemode ? "live" : "test"}/summaries/${summary.file_name}`;
    await this.deps.objects.put(`${base}.xml`, Buffer.from(signed.xml, "utf8"), "application/xml");
    await this.deps.objects.put(`${base}.zip`, zip, "application/zip");
    await this.save(summary, { state: "ready", zip_key: `${base}.zip` });
  }

  private async send(summary: SummaryRecord): Promise<void> {
    const endpoint = await this.deps.endpoint(summary);
    const stored = await this.deps.objects.get(summary.zip_key!);
    if (!stored) throw new Error(`summary zip ${summary.zip_key} is missing`);
    const presentedAgain = summary.state === "sending";
    // Saved before the call: if the answer is lost or the process dies, the next try knows SUNAT may have it.
    await this.save(summary, { state: "sending" });
    let response: SoapResponse;
    try {
      response = await this.deps.client.sendSummary(
        endpoint.billUrl,
        credentialsOf(endpoint, summary.ruc),
        `${summary.file_name}.zip`,
        stored.body,
      );
    } catch (error) {
      if (!(error instanceof SunatUnavailableError)) throw error;
      // Never reached SUNAT: back to ready. Maybe reached: stay `sending` and present the same file again.
      return this.retryLater(summary, error.message, error.maybeProcessed ? "sending" : "ready", {
        uncertain: summary.uncertain || error.maybeProcessed,
      });
    }
    if (response.kind === "ticket") {
      return this.save(summary, {
        state: "ticketed",
        ticket: response.ticket,
        polls: 0,
        next_at: new Date(this.now().getTime() + this.options.pollFirstMs).toISOString(),
        last_error: null,
      });
    }
    if (response.kind !== "fault" || !response.code) {
      return this.retryLater(summary, `unexpected sendSummary answer ${response.kind}`, "sending");
    }
    const code = response.code;
    if ((presentedAgain || summary.uncertain) && (PRESENTED_BEFORE.has(code) || code === IN_PROCESS)) {
      // The first presentation got through and its ticket was lost. While SUNAT still processes it (0402) an RC
      // can only wait; an RA's invoices may already read as voided.
      if (code === IN_PROCESS && summary.kind === "RC") {
        return this.retryLater(summary, `${code} ${response.faultString}`, "sending");
      }
      return this.resolveLostTicket(summary, endpoint, `${code} ${response.faultString}`);
    }
    if (classifyResponseCode(code) === "exception" && isTransientException(code)) {
      return this.retryLater(
        summary,
        `${code} ${response.faultString}`,
        presentedAgain ? "sending" : "ready",
      );
    }
    // The file itself was refused (name, zip, XSD, RUC…, or a rejection code): every void in it failed.
    return this.finish(summary, {
      outcome: "failed",
      sunat: { code, description: response.faultString, notes: [], simulated: endpoint.simulated },
    });
  }

  private async poll(summary: SummaryRecord): Promise<void> {
    const endpoint = await this.deps.endpoint(summary);
    let response: SoapResponse;
    try {
      response = await this.deps.client.getStatus(
        endpoint.billUrl,
        credentialsOf(endpoint, summary.ruc),
        summary.ticket!,
      );
    } catch (error) {
      if (!(error instanceof SunatUnavailableError)) throw error;
      return this.nextPoll(summary, error.message);
    }
    if (response.kind === "fault")
      return this.nextPoll(summary, `${response.code ?? ""} ${response.faultString}`);
    if (response.kind !== "status")
      return this.nextPoll(summary, `unexpected getStatus answer ${response.kind}`);
    const status = response.statusCode;
    // 98 in process; 0127/0126 the ticket is not (yet) known: keep polling until the deadline.
    if (status === "98" || status === "0127" || status === "0126" || !response.content) {
      return this.nextPoll(summary, `getStatus ${status}`);
    }
    const cdrKey = `${summary.company_id}/${summary.livemode ? "live" : "test"}/summaries/R-${summary.file_name}.zip`;
    const { cdr } = readCdrZip(response.content);
    await this.deps.objects.put(cdrKey, response.content, "application/zip");
    const sunat: SunatVerdict = {
      code: cdr.responseCode,
      description: cdr.description,
      notes: cdr.notes.map((n) => ({ code: n.code, description: n.text })),
      simulated: endpoint.simulated,
    };
    return this.finish(summary, { outcome: summaryOutcome(sunat), sunat, cdr_key: cdrKey });
  }

  /**
   * SUNAT registered the summary but the ticket was lost. An RA's effect can be read back per invoice through
   * billConsultService (0003 = voided); an RC's cannot (SUNAT offers no query for receipts), so its voids end as
   * `void_outcome_unknown`: the issuer checks them in SOL.
   */
  private async resolveLostTicket(summary: SummaryRecord, endpoint: SunatEndpoint, seen: string) {
    if (summary.kind === "RA" && endpoint.consultUrl) {
      const items = await this.items(summary);
      const states: string[] = [];
      for (const item of items) {
        let answer: SoapResponse;
        try {
          answer = await this.deps.client.consultStatus(endpoint.consultUrl, {
            ...credentialsOf(endpoint, summary.ruc),
            ruc: summary.ruc,
            type: item.line.type,
            series: item.line.series,
            number: item.line.number,
          });
        } catch (error) {
          if (!(error instanceof SunatUnavailableError)) throw error;
          return this.retryLater(summary, error.message, "sending");
        }
        states.push(answer.kind === "status" ? answer.statusCode : "?");
      }
      if (states.every((s) => s === "0003")) return this.finish(summary, { outcome: "voided" });
      // Not voided (yet): SUNAT may still be processing the first presentation; look again until the deadline.
      return this.retryLater(summary, `${seen}; consult answered ${states.join(",")}`, "sending");
    }
    return this.finish(summary, {
      outcome: "failed",
      failure: {
        code: "void_outcome_unknown",
        message: `SUNAT registered ${summary.summary_id} (${seen}) but its ticket was lost; check the documents in SOL`,
      },
    });
  }

  private async finish(
    summary: SummaryRecord,
    result: Pick<SummaryRecord, "outcome"> & Partial<Pick<SummaryRecord, "sunat" | "failure" | "cdr_key">>,
  ): Promise<void> {
    await this.save(summary, {
      state: "done",
      outcome: result.outcome,
      sunat: result.sunat ?? null,
      failure: result.failure ?? null,
      cdr_key: result.cdr_key ?? null,
      next_at: this.now().toISOString(),
    });
    await this.publishOutcomes(summary);
  }

  /** Publishes each void's outcome (deduplicated by document and attempt), then marks the item published. */
  private async publishOutcomes(summary: SummaryRecord): Promise<void> {
    const items = this.deps.store.collection<VoidItemRecord>(voidItemsCollection);
    for (const item of await this.items(summary)) {
      if (item.state === "published") continue;
      await publish(
        this.deps.broker.js,
        subjects.documentVoidOutcome,
        create(DocumentVoidOutcomeSchema, {
          documentId: item.document_id,
          companyId: item.company_id,
          livemode: item.livemode,
          attempt: item.attempt,
          outcome: summary.outcome!,
          summaryId: summary.summary_id,
          ...(summary.ticket ? { ticket: summary.ticket } : {}),
          ...(summary.sunat ? { sunat: summary.sunat } : {}),
          ...(summary.failure ? { failure: summary.failure } : {}),
          ...(summary.cdr_key ? { cdrKey: summary.cdr_key } : {}),
        }),
        { msgId: `${item.document_id}:void_outcome:${item.attempt}` },
      );
      await items.updateOne({ _id: item._id }, { state: "published" });
    }
    await this.save(summary, { next_at: "9999-12-31T00:00:00.000Z" });
  }

  private nextPoll(summary: SummaryRecord, error: string): Promise<void> {
    const delay = pollDelay(summary.polls, this.options.pollFirstMs, this.options.pollMaxMs);
    return this.save(summary, {
      polls: summary.polls + 1,
      last_error: error,
      next_at: new Date(this.now().getTime() + delay).toISOString(),
    });
  }

  private retryLater(
    summary: SummaryRecord,
    error: string,
    state: SummaryRecord["state"],
    more: Partial<SummaryRecord> = {},
  ): Promise<void> {
    const delay = this.retryDelay(summary.tries);
    return this.save(summary, {
      ...more,
      state,
      tries: summary.tries + 1,
      last_error: error,
      next_at: new Date(this.now().getTime() + delay).toISOString(),
    });
  }

  private retryDelay(tries: number): number {
    const delays = this.options.retryDelaysMs;
    return delays[Math.min(tries, delays.length - 1)] ?? 1_000;
  }

  private items(summary: SummaryRecord): Promise<VoidItemRecord[]> {
    return this.deps.store
      .collection<VoidItemRecord>(voidItemsCollection)
      .find({ summary_id: summary._id }, { sort: [{ field: "_id", direction: 1 }] })
      .then((found) => summary.item_ids.map((id) => found.find((item) => item._id === id)!).filter(Boolean));
  }

  private async save(summary: SummaryRecord, changes: Partial<SummaryRecord>): Promise<void> {
    Object.assign(summary, changes);
    await this.deps.store
      .collection<SummaryRecord>(summariesCollection)
      .updateOne({ _id: summary._id }, changes);
  }
}

function credentialsOf(endpoint: SunatEndpoint, ruc: string) {
  return { username: `${ruc}${endpoint.solUser}`, password: endpoint.solPassword };
}
