import type { DespatchCarrier, DespatchDriver, DespatchParty, DespatchVehicle } from "@einvoice/domain";
import { IDENTITY_TYPES } from "../catalogs.js";
import { TAX_ERRORS } from "../error-table.js";
import type { Errors } from "../errors.js";
import { rucProblem } from "../ruc.js";
import { inferDocumentType } from "../validate-customer.js";
import { MAX_DRIVERS, MAX_VEHICLES } from "./despatch-catalogs.js";
import { readArray, readObject, readText } from "./despatch-read.js";

/**
 * Checks a document number against its catalog 06 type: a RUC that can exist (11 digits ERR 2017, prefix and
 * check digit, else SUNAT's 1083), a DNI of 8 digits (ERR 2801), otherwise 1 to 15 characters.
 */
export function checkDocumentNumber(type: string, number: string, param: string, errors: Errors): void {
  if (type === "6") {
    const problem = rucProblem(number);
    if (problem !== undefined) errors.add(param, TAX_ERRORS.invalid_ruc, `${param}: ${problem}`);
  } else if (type === "1" && !/^\d{8}$/.test(number))
    errors.add(param, TAX_ERRORS.invalid_dni, `${param}: a DNI has 8 digits`);
  else if (!/^\S{1,15}$/.test(number))
    errors.add(param, TAX_ERRORS.invalid_document_number, `${param} needs 1 to 15 characters without spaces`);
}

/**
 * A party {document_type, document_number, name}. `document_type` may be inferred from an 11-digit (RUC) or
 * 8-digit (DNI) number unless `typeRequired` (the recipient: spec "document_type (required here)").
 */
export function readParty(
  value: unknown,
  param: string,
  errors: Errors,
  options: { required: boolean; typeRequired?: boolean },
): DespatchParty | undefined {
  const input = readObject(value, param, errors, options.required);
  if (!input) return undefined;
  const before = errors.count;
  const number = readText(input.document_number, `${param}.document_number`, errors, {
    required: true,
    max: 15,
  });
  const typeErrors = errors.count;
  let type = readText(input.document_type, `${param}.document_type`, errors, { required: false, max: 1 });
  if (type === undefined && errors.count === typeErrors) {
    if (options.typeRequired)
      errors.add(`${param}.document_type`, TAX_ERRORS.required, `${param}.document_type is required`);
    else if (number !== undefined) {
      type = inferDocumentType(number);
      if (type === undefined)
        errors.add(
          `${param}.document_type`,
          TAX_ERRORS.required,
          `${param}.document_type is required unless document_number has 11 digits (RUC) or 8 digits (DNI)`,
        );
    }
  }
  if (type !== undefined && !IDENTITY_TYPES.has(type)) {
    errors.add(
      `${param}.document_type`,
      TAX_ERRORS.unknown_document_type,
      `${param}.document_type is not in catalog 06`,
    );
    type = undefined;
  }
  if (type !== undefined && number !== undefined)
    checkDocumentNumber(type, number, `${param}.document_number`, errors);
  // ERR 2021/2022 style: a registration name of 3..250 characters on one line.
  const name = readText(input.name, `${param}.name`, errors, { required: true, min: 3, max: 250 });
  if (errors.count > before || type === undefined || number === undefined || name === undefined)
    return undefined;
  return { document_type: type, document_number: number, name };
}

/**
 * Registration numbers SUNAT checks against the MTC's records (4391–4393, 4399–4400): the workbook states no
 * length, so letters and digits up to the GRE's field size are taken and the registry match is SUNAT's.
 */
const REGISTRATION = /^[A-Z0-9]{1,20}$/i;

/** The contracted carrier: a RUC holder (ERR 2558/2561) and its optional MTC registration number (OBS 4391). */
export function readCarrier(value: unknown, errors: Errors): DespatchCarrier | undefined {
  const input = readObject(value, "carrier", errors, true);
  if (!input) return undefined;
  const ruc = readText(input.ruc, "carrier.ruc", errors, { required: true, max: 11 });
  const problem = ruc === undefined ? undefined : rucProblem(ruc);
  if (problem !== undefined) {
    errors.add("carrier.ruc", TAX_ERRORS.invalid_ruc, `carrier.ruc: ${problem}`);
    return undefined;
  }
  const name = readText(input.name, "carrier.name", errors, { required: true, min: 3, max: 250 });
  const mtc = readRegistration(
    input.mtc_registration,
    "carrier.mtc_registration",
    "MTC registration number",
    errors,
  );
  if (ruc === undefined || name === undefined) return undefined;
  return { ruc, name, ...(mtc !== undefined ? { mtc_registration: mtc } : {}) };
}

function readRegistration(value: unknown, param: string, what: string, errors: Errors): string | undefined {
  const text = readText(value, param, errors, { required: false, max: 20 });
  if (text === undefined) return undefined;
  if (!REGISTRATION.test(text)) {
    errors.add(param, TAX_ERRORS.invalid_registration, `${param} is the ${what}: letters and digits only`);
    return undefined;
  }
  return text.toUpperCase();
}

/** Vehicles: the first is the main one, then up to two secondary (spec rule 3); plates without hyphen. */
export function readVehicles(value: unknown, errors: Errors): DespatchVehicle[] {
  const list = readArray(value, "vehicles", errors) ?? [];
  if (list.length > MAX_VEHICLES)
    errors.add(
      "vehicles",
      TAX_ERRORS.too_many_vehicles,
      "at most one main and two secondary vehicles (3 in all)",
    );
  const vehicles: DespatchVehicle[] = [];
  list.slice(0, MAX_VEHICLES).forEach((raw, i) => {
    const param = `vehicles.${i}`;
    const input = readObject(raw, param, errors, true);
    if (!input) return;
    const plate = readText(input.plate, `${param}.plate`, errors, { required: true, max: 20 });
    if (plate === undefined) return;
    if (plate.includes("-")) {
      errors.add(
        `${param}.plate`,
        TAX_ERRORS.plate_has_hyphen,
        `${param}.plate is written without a hyphen (ABC123, not ABC-123)`,
      );
    } else if (!/^[A-Z0-9]{6,8}$/i.test(plate)) {
      errors.add(`${param}.plate`, TAX_ERRORS.invalid_plate, `${param}.plate needs 6 to 8 letters or digits`);
    } else {
      const certificate = readRegistration(
        input.certificate,
        `${param}.certificate`,
        "vehicle's Constancia de Inscripción, Certificado de Habilitación Vehicular or TUC number",
        errors,
      );
      vehicles.push({
        role: i === 0 ? "main" : "secondary",
        plate: plate.toUpperCase(),
        ...(certificate !== undefined ? { certificate } : {}),
      });
    }
  });
  return vehicles;
}

/** Drivers: the first is the main one, then up to two secondary; each with document and licence (ERR 2570/2572). */
export function readDrivers(value: unknown, errors: Errors): DespatchDriver[] {
  const list = readArray(value, "drivers", errors) ?? [];
  if (list.length > MAX_DRIVERS)
    errors.add(
      "drivers",
      TAX_ERRORS.too_many_drivers,
      "at most one main and two secondary drivers (3 in all)",
    );
  const drivers: DespatchDriver[] = [];
  list.slice(0, MAX_DRIVERS).forEach((raw, i) => {
    const param = `drivers.${i}`;
    const input = readObject(raw, param, errors, true);
    if (!input) return;
    const before = errors.count;
    const number = readText(input.document_number, `${param}.document_number`, errors, {
      required: true,
      max: 15,
    });
    const typeErrors = errors.count;
    let type = readText(input.document_type, `${param}.document_type`, errors, { required: false, max: 1 });
    if (type === undefined && errors.count === typeErrors && number !== undefined) {
      type = inferDocumentType(number);
      if (type === undefined)
        errors.add(
          `${param}.document_type`,
          TAX_ERRORS.required,
          `${param}.document_type is required unless document_number is an 8-digit DNI`,
        );
    }
    if (type !== undefined && (!IDENTITY_TYPES.has(type) || type === "6" || type === "0")) {
      errors.add(
        `${param}.document_type`,
        TAX_ERRORS.invalid_driver_document_type,
        `${param}.document_type must be a personal identity document of catalog 06 (1 DNI, 4, 7, A…)`,
      );
    } else if (type !== undefined && number !== undefined)
      checkDocumentNumber(type, number, `${param}.document_number`, errors);
    const firstName = readText(input.first_name, `${param}.first_name`, errors, { required: true, max: 250 });
    const lastName = readText(input.last_name, `${param}.last_name`, errors, { required: true, max: 250 });
    const license = readText(input.license, `${param}.license`, errors, { required: true, max: 20 });
    if (license !== undefined && !/^[A-Z0-9]{9,10}$/i.test(license))
      errors.add(
        `${param}.license`,
        TAX_ERRORS.invalid_license,
        `${param}.license is the driving licence number: 9 or 10 letters or digits`,
      );
    if (errors.count > before || !type || !number || !firstName || !lastName || !license) return;
    drivers.push({
      role: i === 0 ? "main" : "secondary",
      document_type: type,
      document_number: number,
      first_name: firstName,
      last_name: lastName,
      license: license.toUpperCase(),
    });
  });
  return drivers;
}
