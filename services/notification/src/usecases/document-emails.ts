import { create } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { type Broker, COMPANY_HEADER, eventSubject, publishEncoded, subjects } from "@einvoice/broker";
import { type FieldError, inspectLogo, objectFileName, type Scope } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import {
  type Logger,
  NOTIFICATION_ERRORS,
  newId,
  notFound,
  SHAPE_ERRORS,
  violationsError,
} from "@einvoice/platform";
import { type Email, EmailSchema, type NumberingService } from "@einvoice/proto";
import { DuplicateKeyError, type Store } from "@einvoice/store";
import { type EmailRecord, EmailRepository } from "../adapters/email-repository.js";
import { type EventRecord, EventRepository } from "../adapters/event-repository.js";
import type { OutgoingEmail } from "../adapters/smtp-mailer.js";
import { documentEmailContent, type EmailLogo } from "../domain/email-content.js";
import { eventJsonOf, storedEmailOf } from "../domain/event-message.js";

const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;
const MAX_RECIPIENTS = 10;
/** The box the issuer's logo is shown in at the top of an email, in CSS pixels (never enlarged). */
const EMAIL_LOGO_BOX = { width: 240, height: 80 };

export function emailMessage(record: EmailRecord): Email {
  return create(EmailSchema, {
    id: record._id,
    object: "email",
    documentId: record.document_id,
    to: record.to,
    cc: record.cc,
    status: record.status,
    ...(record.last_error ? { lastError: record.last_error } : {}),
    attempts: record.attempts,
    livemode: record.livemode,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  });
}

function checkRecipients(to: string[], cc: string[]): FieldError[] {
  const errors: FieldError[] = [];
  if (to.length === 0 || to.length > MAX_RECIPIENTS)
    errors.push({
      param: "to",
      code: SHAPE_ERRORS.parameter_invalid.code,
      message: `to must list 1 to ${MAX_RECIPIENTS} email addresses.`,
    });
  if (cc.length > MAX_RECIPIENTS)
    errors.push({
      param: "cc",
      code: SHAPE_ERRORS.parameter_invalid.code,
      message: `cc may list at most ${MAX_RECIPIENTS} addresses.`,
    });
  for (const [field, list] of [
    ["to", to],
    ["cc", cc],
  ] as const)
    list.forEach((address, i) => {
      if (!ADDRESS.test(address) || address.length > 254)
        errors.push({
          param: `${field}.${i}`,
          code: NOTIFICATION_ERRORS.email_invalid.code,
          message: `${field}.${i} is not an email address.`,
        });
    });
  return errors;
}

/** Queues an email of a document (which must exist in the caller's company and mode) to its customer. */
export class QueueDocumentEmail {
  constructor(
    private readonly deps: {
      store: Store;
      numbering: Client<typeof NumberingService>;
      onQueued: () => void;
      clock?: () => Date;
    },
  ) {}

  async execute(scope: Scope, input: { documentId: string; to: string[]; cc: string[] }): Promise<Email> {
    const errors = checkRecipients(input.to, input.cc);
    if (errors.length > 0) throw violationsError(errors);
    await this.deps.numbering.getDocument({ scope, id: input.documentId });
    const now = (this.deps.clock ?? (() => new Date()))().toISOString();
    const record: EmailRecord = {
      _id: newId("eml"),
      company_id: scope.companyId,
      livemode: scope.livemode,
      document_id: input.documentId,
      to: input.to,
      cc: input.cc,
      status: "queued",
      last_error: null,
      attempts: 0,
      next_attempt_at: now,
      lease_until: "",
      created_at: now,
      updated_at: now,
    };
    await new EmailRepository(this.deps.store).insert(record);
    this.deps.onQueued();
    return emailMessage(record);
  }
}

export class GetEmail {
  constructor(private readonly store: Store) {}

  async execute(scope: Scope, id: string): Promise<Email> {
    const record = await new EmailRepository(this.store).find(scope, id);
    if (!record) throw notFound("email", id);
    return emailMessage(record);
  }
}

export interface EmailSenderSettings {
  /** Sender address of every email (`From:`). */
  from: string;
  /** Waits before each retry after a failed attempt, in milliseconds; one more attempt than delays. */
  retryDelaysMs: number[];
  pollMs: number;
  leaseMs: number;
  /**
   * How long an email waits for its document's PDF before a missing PDF counts as a failed attempt, in
   * milliseconds from when it was queued. While waiting it is retried every `pollMs` without spending attempts.
   */
  filesWaitMs: number;
}

/** The document's PDF (or signed XML) is not made yet: the email waits, this is not a failed attempt. */
class FilesNotReady extends Error {}

/**
 * Sends queued emails: the document's PDF and signed XML attached (and SUNAT's CDR when there is one), a Spanish
 * subject and body naming the issuer, the document and its total, as HTML (under the issuer's logo, inline) with
 * a plain-text alternative. A document whose PDF is not made yet waits for
 * it, for up to `filesWaitMs`, without spending attempts. Success records `email.sent`; the last failed attempt records `email.failed` with the
 * error; both are events of the document (`document_id` lists them).
 */
export class EmailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: {
      store: Store;
      broker: Broker;
      numbering: Client<typeof NumberingService>;
      objects: ObjectStore;
      mailer: { send(email: OutgoingEmail): Promise<void> };
      logger: Logger;
      settings: EmailSenderSettings;
      /** Queues email events for the company's webhook endpoints. */
      webhooks?: { execute(record: EventRecord): Promise<unknown> };
      clock?: () => Date;
    },
  ) {}

  start(): void {
    this.wake();
  }

  wake(): void {
    if (this.stopped || this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Sends everything due, one at a time. */
  tick(): Promise<void> {
    this.running ??= this.drain().finally(() => {
      this.running = null;
      if (!this.stopped) this.timer = setTimeout(() => void this.tick(), this.deps.settings.pollMs);
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    const repository = new EmailRepository(this.deps.store);
    try {
      for (;;) {
        const now = this.now();
        const [due] = await repository.due(now.toISOString(), 1);
        if (!due) return;
        const until = new Date(now.getTime() + this.deps.settings.leaseMs).toISOString();
        const claimed = await repository.claim(due, now.toISOString(), until);
        if (claimed) await this.attempt(claimed);
      }
    } catch (error) {
      this.deps.logger.error({ err: error }, "email pass failed");
    }
  }

  private async attempt(email: EmailRecord): Promise<void> {
    const repository = new EmailRepository(this.deps.store);
    const attempts = email.attempts + 1;
    let error: string | null = null;
    try {
      await this.deps.mailer.send(await this.compose(email));
    } catch (failure) {
      const now = this.now();
      const waited = now.getTime() - Date.parse(email.created_at);
      if (failure instanceof FilesNotReady && waited < this.deps.settings.filesWaitMs) {
        await repository.update(email._id, {
          next_attempt_at: new Date(now.getTime() + this.deps.settings.pollMs).toISOString(),
          lease_until: "",
          updated_at: now.toISOString(),
        });
        return;
      }
      error = (failure as Error).message.slice(0, 500);
    }
    const now = this.now();
    const delay = this.deps.settings.retryDelaysMs[attempts - 1];
    const status = error === null ? "sent" : delay === undefined ? "failed" : "queued";
    const updated = await repository.update(email._id, {
      status,
      attempts,
      last_error: error,
      next_attempt_at: status === "queued" ? new Date(now.getTime() + delay!).toISOString() : null,
      lease_until: "",
      updated_at: now.toISOString(),
    });
    if (updated && status !== "queued")
      await this.recordEvent(updated, status === "sent" ? "email.sent" : "email.failed");
  }

  private async compose(email: EmailRecord): Promise<OutgoingEmail> {
    const scope = { companyId: email.company_id, livemode: email.livemode };
    const view = await this.deps.numbering.getDocument({ scope, id: email.document_id });
    const files = view.files;
    if (!view.document || !files?.pdf || !files.xml)
      throw new FilesNotReady("the PDF of the document is not made yet");
    const attachment = async (key: string | undefined, contentType: string) => {
      if (!key) return [];
      const filename = objectFileName(key);
      const stored = await this.deps.objects.get(key);
      if (!stored) throw new Error(`the file ${filename} is missing`);
      return [{ filename, content: stored.body, contentType }];
    };
    const logo = await this.logo(view.issuer?.logoKey, email._id);
    const { subject, text, html } = documentEmailContent(view.document, view.issuer, logo?.shown);
    return {
      from: this.deps.settings.from,
      to: email.to,
      cc: email.cc,
      subject,
      text,
      html,
      attachments: [
        ...(logo ? [logo.file] : []),
        ...(await attachment(files.pdf, "application/pdf")),
        ...(await attachment(files.xml, "application/xml")),
        ...(await attachment(files.cdr, "application/zip")),
      ],
    };
  }

  /**
   * The logo the document was issued with (its issuer snapshot names it), shown inline in the HTML. An email
   * whose logo cannot be read goes without it: the documents matter, the logo does not hold them back.
   */
  private async logo(
    key: string | undefined,
    emailId: string,
  ): Promise<{ shown: EmailLogo; file: OutgoingEmail["attachments"][number] } | undefined> {
    if (!key) return undefined;
    const stored = await this.deps.objects.get(key);
    const image = stored ? inspectLogo(stored.body) : undefined;
    if (!stored || !image?.ok) {
      this.deps.logger.warn({ key }, "the document's logo cannot be read: the email goes without it");
      return undefined;
    }
    const scale = Math.min(1, EMAIL_LOGO_BOX.width / image.width, EMAIL_LOGO_BOX.height / image.height);
    const cid = `logo.${emailId}@einvoice`;
    return {
      shown: {
        cid,
        width: Math.max(1, Math.round(image.width * scale)),
        height: Math.max(1, Math.round(image.height * scale)),
      },
      file: {
        filename: image.format === "png" ? "logo.png" : "logo.jpg",
        content: stored.body,
        contentType: image.contentType,
        cid,
      },
    };
  }

  private async recordEvent(email: EmailRecord, type: "email.sent" | "email.failed"): Promise<void> {
    const record: EventRecord = {
      _id: newId("evt", this.now().getTime()),
      company_id: email.company_id,
      livemode: email.livemode,
      type,
      created_at: this.now().toISOString(),
      document_id: email.document_id,
      source_key: `${email._id}:${type}:${email.attempts}`,
      object: storedEmailOf(emailMessage(email)),
      object_kind: "email",
    };
    try {
      await new EventRepository(this.deps.store).insert(record);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      return;
    }
    await this.deps.webhooks?.execute(record);
    await publishEncoded(this.deps.broker.js, subjects.event, eventJsonOf(record), {
      msgId: record._id,
      subject: eventSubject(record.livemode, record.type),
      headers: { [COMPANY_HEADER]: record.company_id },
    });
  }

  private now(): Date {
    return (this.deps.clock ?? (() => new Date()))();
  }
}
