import { Code, ConnectError, type Logger } from "@einvoice/platform";
import type { OutgoingEmail } from "../adapters/smtp-mailer.js";

export interface Invitation {
  to: string;
  /** The one-time link; a secret: it goes into the message only, never into a log. */
  link: string;
  companyName: string;
  role: string;
  language: string;
}

const EMAIL_SHAPE = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** The invitation's subject and body, in the admin's language (Spanish by default). */
export function invitationContent(invitation: Invitation): { subject: string; text: string } {
  const { companyName, link } = invitation;
  if (invitation.language === "en") {
    const role = invitation.role === "admin" ? "an administrator" : "a viewer (read only)";
    return {
      subject: `${companyName} invites you to its e-invoicing dashboard`,
      text: `${companyName} invites you to its e-invoicing dashboard as ${role}.\n\nOpen this link to choose your password (it works once, for 7 days):\n${link}\n\nIf you did not expect this email, ignore it.\n`,
    };
  }
  const role = invitation.role === "admin" ? "administrador" : "lector (solo lectura)";
  return {
    subject: `${companyName} te invita a su panel de comprobantes electrónicos`,
    text: `${companyName} te invita a su panel de comprobantes electrónicos como ${role}.\n\nAbre este enlace para elegir tu contraseña (sirve una vez, durante 7 días):\n${link}\n\nSi no esperabas este correo, ignóralo.\n`,
  };
}

/** Mails a dashboard invitation at once through the SMTP server; a refusal is UNAVAILABLE (the link is kept). */
export class SendInvitationEmail {
  constructor(
    private readonly deps: {
      mailer: { send(email: OutgoingEmail): Promise<void> };
      from: string;
      logger: Logger;
    },
  ) {}

  async execute(invitation: Invitation): Promise<void> {
    if (!EMAIL_SHAPE.test(invitation.to))
      throw new ConnectError("to must be an email address", Code.InvalidArgument);
    if (!/^https?:\/\//.test(invitation.link))
      throw new ConnectError("link must be an http(s) URL", Code.InvalidArgument);
    const { subject, text } = invitationContent(invitation);
    try {
      await this.deps.mailer.send({
        from: this.deps.from,
        to: [invitation.to],
        cc: [],
        subject,
        text,
        attachments: [],
      });
    } catch (error) {
      this.deps.logger.warn({ err: (error as Error).message }, "invitation email refused by the mail server");
      throw new ConnectError("the mail server refused the invitation email", Code.Unavailable);
    }
  }
}
