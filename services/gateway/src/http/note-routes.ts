import type { NoteDocumentType } from "@einvoice/domain";
import type { Router } from "@koa/router";
import type { Context } from "koa";
import { validationFailed } from "../errors/public-errors.js";
import type { CreateNote } from "../usecases/create-note.js";
import type { AuthedState, GatewayDeps } from "./context.js";
import { answerCreatedDocument } from "./created-document.js";
import { preferredWait } from "./document-routes.js";

/** `POST /v1/credit_notes` (07) and `POST /v1/debit_notes` (08): the invoice create contract. */
export function noteRoutes(router: Router<AuthedState>, deps: GatewayDeps, createNote: CreateNote) {
  const create = (type: NoteDocumentType) => async (ctx: Context & { state: AuthedState }) => {
    const shape = deps.validator.noteRequest(ctx.request.body, type === "07" ? "credit" : "debit");
    if (!shape.request) throw validationFailed(shape.violations);
    const waitSeconds = preferredWait(ctx.get("prefer"), deps.maxWaitSeconds);
    const document = await createNote.execute({
      caller: ctx.state.caller,
      type,
      request: shape.request,
      waitSeconds,
      ...(ctx.state.idempotencyKey ? { idempotencyKey: ctx.state.idempotencyKey } : {}),
    });
    answerCreatedDocument(ctx, deps, document, waitSeconds);
  };
  router.post("/v1/credit_notes", create("07"));
  router.post("/v1/debit_notes", create("08"));
}
