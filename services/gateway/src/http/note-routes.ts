import type { Router } from "@koa/router";
import type { CreateNote } from "../usecases/create-note.js";
import type { AuthedState, GatewayDeps } from "./context.js";
import { documentCreate } from "./created-document.js";

/** `POST /v1/credit_notes` (07) and `POST /v1/debit_notes` (08): the invoice create contract. */
export function noteRoutes(router: Router<AuthedState>, deps: GatewayDeps, createNote: CreateNote) {
  router.post(
    "/v1/credit_notes",
    documentCreate(
      deps,
      (body) => deps.validator.noteRequest(body, "credit"),
      (command) => createNote.execute({ ...command, type: "07" }),
    ),
  );
  router.post(
    "/v1/debit_notes",
    documentCreate(
      deps,
      (body) => deps.validator.noteRequest(body, "debit"),
      (command) => createNote.execute({ ...command, type: "08" }),
    ),
  );
}
