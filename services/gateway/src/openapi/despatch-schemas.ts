import type {
  DespatchAdvice,
  DespatchDriver,
  DespatchItem,
  DespatchParty,
  DespatchPoint,
  DespatchRelatedDocument,
  DespatchVehicle,
} from "@einvoice/domain";
import { string } from "./field-schemas.js";
import {
  type JsonSchema,
  nullable,
  objectSchema,
  type Presented,
  schemaRef,
  stringEnum,
} from "./json-schema.js";

/** A despatch advice's transport data as the Document echoes it (`despatch`), derived fields included. */

const date = (description: string) => ({
  type: "string",
  format: "date",
  description: `${description} \`YYYY-MM-DD\` (Lima).`,
});

const party = objectSchema<DespatchParty>()({
  description: "A party named on a guide (sender, recipient, supplier or buyer).",
  properties: {
    document_type: string("Catalog 06 identity document type (`6` RUC, `1` DNI…)."),
    document_number: string("The document number."),
    name: string("Legal or full name."),
  },
});

const point = objectSchema<Presented<DespatchPoint>>()({
  description: "An origin or destination of the goods.",
  properties: {
    ubigeo: string("INEI district code, 6 digits."),
    address: string("The address line."),
    establishment_code: nullable(
      string("SUNAT's 4-digit establishment code; null when the point is not one."),
    ),
    establishment_ruc: nullable(
      string("Derived: the RUC that registered the establishment; null when the point is not one."),
    ),
  },
});

const vehicle = objectSchema<Presented<DespatchVehicle>>()({
  description: "A vehicle of the transport: the main one first.",
  properties: {
    role: stringEnum(["main", "secondary"], "Derived from the position: the first is the main vehicle."),
    plate: string("The plate, upper case, without hyphen."),
    certificate: nullable(
      string(
        "The vehicle's Constancia de Inscripción, Certificado de Habilitación Vehicular or TUC number, upper case; null when not given (a carrier guide then draws SUNAT observation 4399).",
      ),
    ),
  },
});

const driver = objectSchema<DespatchDriver>()({
  description: "A driver of the transport: the main one first.",
  properties: {
    role: stringEnum(["main", "secondary"], "Derived from the position: the first is the main driver."),
    document_type: string("Catalog 06 personal document type."),
    document_number: string("The driver's document number."),
    first_name: string("First names."),
    last_name: string("Family names."),
    license: string("Driving licence number, upper case."),
  },
});

const related = objectSchema<DespatchRelatedDocument>()({
  description: "A sale document the goods travel under (spec despatch rule 10).",
  properties: {
    type: stringEnum(["01", "03"], "Derived from the series letter: `01` invoice, `03` receipt."),
    number: string("Printed number `SERIES-NUMBER`."),
    issuer_ruc: string("Derived: its issuer's RUC (the sender's; the supplier's on a purchase)."),
    description: string("Derived: the type in words (`Factura`, `Boleta de Venta`)."),
  },
});

const item = objectSchema<DespatchItem>()({
  description: "One line of goods carried.",
  properties: {
    description: string("What travels."),
    quantity: {
      type: "string",
      pattern: "^\\d+(\\.\\d+)?$",
      description: "How many units, a decimal string (e.g. `10`).",
    },
    unit_code: string("UN/ECE rec 20 unit code."),
  },
});

const despatch = objectSchema<Presented<DespatchAdvice>>()({
  description:
    "The transport data of a despatch advice as checked, with what the platform derived (the sender of a sender guide, roles, `establishment_ruc`, related documents' type, issuer and description). Fields that do not apply to the guide are null.",
  properties: {
    type: stringEnum(["09", "31"], "`09` sender guide, `31` carrier guide (from the series)."),
    series: string("`T…` (09) or `V…` (31)."),
    issue_date: date("Issue date."),
    note: nullable(string("The remark printed on the guide; null when none.")),
    sender: schemaRef("DespatchParty", "Who sends the goods; on a sender guide the company itself."),
    recipient: schemaRef("DespatchParty", "Who receives them."),
    supplier: nullable(
      schemaRef("DespatchParty", "The supplier (reasons `02`, `07`, `13`); null otherwise."),
    ),
    buyer: nullable(schemaRef("DespatchParty", "The buyer (reasons `03`, `13`); null otherwise.")),
    reason_code: nullable(string("Catalog 20 reason; null on a carrier guide.")),
    reason_description: nullable(string("The reason in words, with reason `13`; null otherwise.")),
    transport_mode: nullable(
      stringEnum(
        ["01", "02"],
        "Catalog 18: `01` contracted carrier, `02` own vehicle; null on a carrier guide.",
      ),
    ),
    start_date: nullable(date("When transport starts; null when not given (contracted carrier).")),
    handover_date: nullable(
      date("When the goods are handed to the contracted carrier (mode `01`); null otherwise."),
    ),
    carrier: nullable(
      objectSchema<Presented<NonNullable<DespatchAdvice["carrier"]>>>()({
        description: "The contracted carrier (mode `01`); null otherwise.",
        properties: {
          ruc: string("The carrier's RUC."),
          name: string("The carrier's legal name."),
          mtc_registration: nullable(
            string(
              "The carrier's MTC registration number, upper case; null when not given (SUNAT then observes 4391).",
            ),
          ),
        },
      }),
    ),
    freight_payer: nullable(
      stringEnum(
        ["sender", "subcontractor"],
        "Carrier guide: who pays the freight; null when not given (SUNAT then observes 4388) and on a sender guide.",
      ),
    ),
    gross_weight: {
      type: "string",
      pattern: "^\\d+(\\.\\d+)?$",
      description: "Gross weight in `weight_unit`, a decimal string (e.g. `120.5`).",
    },
    weight_unit: stringEnum(["KGM", "TNE"], "`KGM` kilograms or `TNE` tonnes."),
    packages: nullable({ type: "integer", description: "Number of packages; null when not given." }),
    origin: schemaRef("DespatchPoint", "Where the goods leave from."),
    destination: schemaRef("DespatchPoint", "Where they arrive."),
    vehicles: {
      type: "array",
      items: schemaRef("DespatchVehicle"),
      description: "Main, then secondary vehicles.",
    },
    drivers: {
      type: "array",
      items: schemaRef("DespatchDriver"),
      description: "Main, then secondary drivers.",
    },
    related_documents: {
      type: "array",
      items: schemaRef("DespatchRelatedDocument"),
      description: "Sale documents the goods travel under.",
    },
    items: { type: "array", items: schemaRef("DespatchItem"), description: "The goods." },
  },
});

/** `components.schemas` entries of the despatch advice echo. */
export const despatchSchemas: Record<string, JsonSchema> = {
  DespatchAdvice: despatch,
  DespatchParty: party,
  DespatchPoint: point,
  DespatchVehicle: vehicle,
  DespatchDriver: driver,
  DespatchRelatedDocument: related,
  DespatchItem: item,
};
