import { SERVICE_ERRORS } from "@einvoice/platform";
import { apiError } from "../errors/public-errors.js";

/** An id that cannot be a document's answers as an unknown one, without asking the register. */
export const documentMissing = (id: string) =>
  apiError(SERVICE_ERRORS.resource_missing, `No such document: '${id}'`);
