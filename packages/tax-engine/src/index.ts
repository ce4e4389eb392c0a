export { amountInWords, integerInWords } from "./amount-in-words.js";
export { AFFECTATIONS, DETRACTION_CODES, PAYMENT_METHODS } from "./catalogs.js";
export { computeDocument, RECEIPT_ANONYMOUS_LIMIT_PEN } from "./compute-document.js";
export { REASONS as DESPATCH_REASONS } from "./despatch/despatch-catalogs.js";
export { validateDespatchAdvice } from "./despatch/validate-despatch-advice.js";
export { TAX_ERRORS } from "./error-table.js";
export { computeNote, type ModifiedDocument, type NoteContext } from "./notes/compute-note.js";
export {
  ICBPER_RATES,
  IGV_RATES,
  IGV_RESTAURANTS_HOTELS_RATES,
  IVAP_RATES,
  PERCEPTION_FACTORS,
  rateOn,
} from "./rates.js";
export { isValidRuc, RUC_PREFIXES, rucCheckDigit, rucProblem } from "./ruc.js";
export { DISTRICT_COUNT, type District, findDistrict, ubigeoProblem } from "./ubigeo/ubigeo.js";
export { ANONYMOUS_NAME, inferDocumentType } from "./validate-customer.js";
export { BACKDATE_DAYS, CURRENCIES, MAX_LINES } from "./validate-header.js";
export { DEFAULT_UNIT_CODE } from "./validate-items.js";
