/**
 * JSON Schema of `POST /v1/despatch_advices`: shapes and types only. Every rule (which fields each guide needs,
 * roles by reason, dates, ubigeo, plates, licences) is the pure check's, `validateDespatchAdvice` in
 * @einvoice/tax-engine, which names each violation by its dotted field; "required" below says when the check asks
 * for the field. Also the source of the OpenAPI request schema.
 */
const text = (description: string, maxLength: number, examples?: readonly string[]) =>
  ({ type: "string", maxLength, description, ...(examples ? { examples } : {}) }) as const;
const date = (description: string) =>
  ({
    type: "string",
    description: `${description} \`YYYY-MM-DD\` (Lima).`,
    examples: ["2026-11-25"],
  }) as const;

const party = (description: string) =>
  ({
    type: "object",
    description,
    additionalProperties: false,
    required: ["document_number", "name"],
    properties: {
      document_type: text(
        "Catalog 06 identity document type: `6` RUC, `1` DNI, `4` foreigner's card, `7` passport, `A`… Required on `recipient`; elsewhere optional, inferred from an 11-digit (RUC) or 8-digit (DNI) `document_number` when omitted.",
        1,
        ["6"],
      ),
      document_number: text(
        "The document number: a RUC has 11 digits, a DNI 8; others 1–15 characters.",
        15,
        ["20100070970"],
      ),
      name: text("Legal or full name, 3–250 characters on one line.", 250, ["CLIENTE EJEMPLO SAC"]),
    },
  }) as const;

const point = (which: "origin" | "destination") =>
  ({
    type: "object",
    description:
      which === "origin"
        ? "Where the goods leave from (`cac:Despatch/cac:DespatchAddress`). Required."
        : "Where the goods arrive (`cac:DeliveryAddress`). Required.",
    additionalProperties: false,
    required: ["ubigeo", "address"],
    properties: {
      ubigeo: text(
        "INEI district code (ubigeo), 6 digits (department, province, district), e.g. `150101` Lima. Required. It must name a district of INEI's list (422 `invalid_ubigeo` naming the code otherwise); the guide's PDF prints the district, province and department it names.",
        6,
        ["150101"],
      ),
      address: text("The address line, 3–500 characters. Required.", 500, ["AV. LOS OLIVOS 123"]),
      establishment_code: text(
        `SUNAT's 4-digit establishment code when the point is a registered establishment (\`0000\` the main address). Required on both points with reason \`04\`.${which === "origin" ? "" : ""}`,
        4,
        ["0000"],
      ),
    },
  }) as const;

export const despatchAdviceSchema = {
  $id: "DespatchAdviceRequest",
  description:
    "A despatch advice (guía de remisión electrónica, GRE): the series decides the kind. `T…` is a sender guide (type `09`, issued by whoever sends the goods); `V…` a carrier guide (type `31`, issued by the transporter). Every violation is a 422 naming the dotted field, before any number is assigned.",
  type: "object",
  additionalProperties: false,
  properties: {
    series: text(
      "`T` + 3 letters or digits for a sender guide (`T001` → type `09`); `V` + 3 for a carrier guide (`V001` → type `31`). Required.",
      4,
      ["T001"],
    ),
    type: text("Optional: `09` or `31`; must agree with the series.", 2, ["09"]),
    issue_date: date(
      "Default today (Lima). Today or yesterday: SUNAT accepts a guide only until the day after its issue date (spec despatch rule 7), so an older date is a 422 `issue_date_too_old` before numbering, a later one `issue_date_in_future`. If SUNAT cannot be reached until that day ends, the guide ends `rejected` with `status_details.code` `submission_deadline_exceeded`.",
    ),
    note: text("Optional remark printed on the guide (`cbc:Note`), up to 250 characters.", 250),
    sender: party(
      "Carrier guide only, required there: who sends the goods. On a sender guide the company itself is the sender (sending it is refused).",
    ),
    recipient: party(
      "Who receives the goods. Required, with `document_type`. Reasons `01`, `05`, `06`: someone other than the sender; reason `04`: the sender itself.",
    ),
    supplier: party(
      "Sender guide: the supplier, with reasons `02` (purchase) and `07` (required there) and `13` (optional); refused with other reasons.",
    ),
    buyer: party(
      "Sender guide: the buyer, with reason `03` (sale with delivery to third parties; required there) and `13` (optional); refused with other reasons.",
    ),
    reason_code: text(
      "Sender guide only, required there: catalog 20 reason for the transfer. `01` sale, `02` purchase, `03` sale with delivery to third parties, `04` transfer between the company's establishments, `05` consignment, `06` return, `07` collection of transformed goods, `13` other (needs `reason_description`), `14` sale subject to the buyer's confirmation, `17` transfer for transformation, `18` itinerant issuer. `08`, `09` and `19` are not offered.",
      2,
      ["01"],
    ),
    reason_description: text(
      "Required with reason `13` (and only then): the reason in words, up to 100 characters.",
      100,
    ),
    transport_mode: text(
      "Sender guide only, required there: catalog 18. `01` contracted carrier (needs `carrier` and `handover_date`; no vehicles or drivers); `02` own vehicle (needs `vehicles`, `drivers`, `start_date`).",
      2,
      ["02"],
    ),
    start_date: date(
      "When transport starts: required for own vehicle (`02`) and on a carrier guide; optional with a contracted carrier. Not before the issue date.",
    ),
    handover_date: date(
      "Contracted carrier (`01`) only, required there: when the goods are handed to the carrier (SUNAT's `LoadingTransportEvent`, required from 2026-06-01, ERR 3617). Not before the issue date.",
    ),
    carrier: {
      type: "object",
      description: "Contracted carrier (`01`) only, required there: the transport company.",
      additionalProperties: false,
      required: ["ruc", "name"],
      properties: {
        ruc: text(
          "The carrier's RUC: 11 digits, a taxpayer-kind prefix (10, 15, 16, 17, 20) and SUNAT's check digit.",
          11,
          ["20600000005"],
        ),
        name: text("The carrier's legal name, 3–250 characters.", 250, ["TRANSPORTES RAPIDOS SAC"]),
        mtc_registration: text(
          "Optional: the carrier's MTC registration number (número de registro MTC), letters and digits, up to 20 (`cac:CarrierParty/cac:PartyLegalEntity/cbc:CompanyID`). Without it SUNAT accepts the guide with observation 4391.",
          20,
          ["1234567CNG"],
        ),
      },
    },
    freight_payer: text(
      "Carrier guide only, optional: who pays the freight, `sender` (the sender of the goods) or `subcontractor` (a carrier that subcontracted the issuer), written as SUNAT's indicator `SUNAT_Envio_IndicadorPagadorFlete_Remitente` / `_Subcontratador` (`cbc:SpecialInstructions`). Without it SUNAT accepts the guide with observation 4388. No default.",
      13,
      ["sender"],
    ),
    gross_weight: {
      type: ["string", "number"],
      description:
        "Gross weight of the goods, more than 0, up to 3 decimals, in `weight_unit` (kilograms unless `TNE`). Required.",
      examples: ["120.5"],
    },
    weight_unit: text("`KGM` kilograms (the default) or `TNE` tonnes.", 3, ["KGM"]),
    packages: {
      type: "integer",
      description: "Optional: number of packages, a whole number from 1.",
      examples: [4],
    },
    origin: point("origin"),
    destination: point("destination"),
    vehicles: {
      type: "array",
      description:
        "Own vehicle (`02`) and carrier guide: required, the first is the main vehicle, then up to two secondary (3 in all). Refused with a contracted carrier.",
      items: {
        type: "object",
        additionalProperties: false,
        description: "A vehicle: the first of the list is the main one.",
        required: ["plate"],
        properties: {
          plate: text("The plate without hyphen: 6 to 8 letters or digits (`ABC123`).", 20, ["ABC123"]),
          certificate: text(
            "Optional: the vehicle's Constancia de Inscripción Vehicular, Certificado de Habilitación Vehicular or TUC (Tarjeta Única de Circulación) number, letters and digits, up to 20 (`cac:ApplicableTransportMeans/cbc:RegistrationNationalityID`). Without it on a carrier guide's main vehicle SUNAT accepts the guide with observation 4399.",
            20,
            ["15M21028250E"],
          ),
        },
      },
    },
    drivers: {
      type: "array",
      description:
        "Own vehicle (`02`) and carrier guide: required, the first is the main driver, then up to two secondary (3 in all). Refused with a contracted carrier.",
      items: {
        type: "object",
        additionalProperties: false,
        description: "A driver: the first of the list is the main one.",
        required: ["document_number", "first_name", "last_name", "license"],
        properties: {
          document_type: text(
            "Optional: catalog 06 personal document, `1` DNI (inferred from 8 digits when omitted), `4`, `7`, `A`…",
            1,
            ["1"],
          ),
          document_number: text("The driver's document number.", 15, ["45678901"]),
          first_name: text("First names.", 250, ["JUAN"]),
          last_name: text("Family names.", 250, ["PEREZ"]),
          license: text("Driving licence number: 9 or 10 letters or digits.", 20, ["Q45678901"]),
        },
      },
    },
    related_documents: {
      type: "array",
      description:
        "Optional: the sale invoices or receipts the goods travel under, cited by printed number (spec despatch rule 10). Their type description and issuer RUC are derived (the sender's; the supplier's on a purchase).",
      items: {
        type: "object",
        additionalProperties: false,
        description: "A cited sale document (its issuer RUC and type description are derived, never sent).",
        required: ["number"],
        properties: {
          number: text("Printed number `SERIES-NUMBER` of an invoice (`F…`) or receipt (`B…`).", 13, [
            "F001-123",
          ]),
          type: text("Optional: `01` invoice or `03` receipt; must agree with the series letter.", 2, ["01"]),
        },
      },
    },
    items: {
      type: "array",
      description: "The goods, 1 to 9999 lines. Required.",
      items: {
        type: "object",
        additionalProperties: false,
        description: "One line of goods.",
        properties: {
          description: text("What travels, 1–500 characters. Required.", 500, ["Cajas de tornillos"]),
          quantity: {
            type: ["string", "number"],
            description: "How many units, more than 0, up to 10 decimals. Required.",
            examples: ["10"],
          },
          unit_code: text("UN/ECE rec 20 unit code, default `NIU` (units).", 3, ["NIU"]),
        },
      },
    },
  },
} as const;
