import type { Scope } from "@einvoice/domain";
import type { Context } from "koa";
import type { CompanyRecord } from "../adapters/company-repository.js";
import type { Caller } from "../usecases/authenticate.js";
import type { SessionRecord, UserRecord } from "./accounts/records.js";
import type { Html } from "./html.js";
import type { UploadedFile } from "./http-kit.js";
import type { Locale, Translate } from "./i18n.js";
import { layout, type Mode, type PageChrome } from "./layout.js";

/** A signed-in request: who, for which company and mode, in which language. */
export interface PageRequest {
  ctx: Context;
  t: Translate;
  locale: Locale;
  user: UserRecord;
  session: SessionRecord;
  company: CompanyRecord;
  mode: Mode;
  /** The same caller the API builds from a key, so every call is scoped by company and mode alike. */
  caller: Caller;
  scope: Scope;
  /** The posted form (changes only), CSRF token checked; a repeated field keeps its last value here. */
  form: Record<string, string>;
  /** Every value of a repeated field (checkboxes). */
  formList: (name: string) => string[];
  /** The files of a posted multipart form, by field name. */
  files?: Map<string, UploadedFile>;
}

/** The page shell for a signed-in page of `section` (its path after `/dashboard/{mode}`). */
export function signedInPage(
  req: PageRequest,
  title: string,
  section: string,
  content: Html,
  flash?: PageChrome["flash"],
): Html {
  return layout(
    {
      t: req.t,
      locale: req.locale,
      title,
      flash,
      session: {
        mode: req.mode,
        email: req.user.email,
        role: req.user.role,
        csrf: req.session.csrf,
        companyName: req.company.trade_name ?? req.company.legal_name,
        section,
      },
    },
    content,
  );
}

export const isAdmin = (req: PageRequest): boolean => req.user.role === "admin";
