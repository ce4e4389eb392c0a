import {
  type DespatchAdvice,
  type DespatchParty,
  type DespatchPoint,
  type Issuer,
  TRANSFER_REASONS,
} from "@einvoice/domain";

import { findDistrict } from "@einvoice/tax-engine";
import { formatDate, formatQuantity } from "./format.js";
import { identityLabel } from "./labels.js";
import type { OpenedLogo } from "./layout/opened-logo.js";
import type { Fact } from "./print-model.js";

/** What a guide's PDF prints: its data, and SUNAT's QR URL once SUNAT has accepted it. */
export interface GuidePdfInput {
  issuer: Issuer;
  despatch: DespatchAdvice;
  number: number;
  /** The signature's digest (DigestValue), printed as the hash. */
  hash: string;
  /**
   * The URL SUNAT returned in the CDR's cbc:DocumentDescription on acceptance (spec rule 11). Absent before the
   * verdict: a guide's QR is SUNAT's, never ours, so a PDF printed earlier has none.
   */
  qr_url?: string;
  livemode: boolean;
  /**
   * The issuer's logo, PNG or JPEG bytes (the one `issuer.logo_key` names), printed above the issuer's name,
   * fitted into the same box as on the invoice A4 whatever its aspect ratio, or the same opened once with `openLogo`.
   * Absent: no logo.
   */
  logo?: Uint8Array | OpenedLogo;
}

/** Catalog 18 (transport mode). */
const MODES: Readonly<Record<string, string>> = { "01": "Transporte público", "02": "Transporte privado" };
const TITLES: Readonly<Record<string, string>> = {
  "09": "GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE",
  "31": "GUÍA DE REMISIÓN ELECTRÓNICA TRANSPORTISTA",
};
/** Who pays the freight of a carrier guide, as printed. */
const FREIGHT_PAYERS: Readonly<Record<NonNullable<DespatchAdvice["freight_payer"]>, string>> = {
  sender: "Remitente",
  subcontractor: "Subcontratador",
};
const WEIGHT_UNITS: Readonly<Record<string, string>> = { KGM: "KGM (kilogramos)", TNE: "TNE (toneladas)" };

export interface GuideLine {
  index: string;
  description: string;
  quantity: string;
  unit: string;
}

/** A titled framed block of `Label: value` rows. */
export interface GuideSection {
  title: string;
  facts: Fact[];
}

export interface GuideModel {
  title: string;
  id: string;
  issuer: { legalName: string; tradeName?: string; ruc: string; address: string[] };
  banners: string[];
  /** Dates, reason, mode, weight, packages: beside the parties. */
  transfer: Fact[];
  parties: GuideSection[];
  route: GuideSection[];
  transport: GuideSection[];
  related: Fact[];
  lines: GuideLine[];
  note?: string;
  representation: string;
  hash: string;
  qr?: string;
}

const party = (role: string, p: DespatchParty): Fact => ({
  label: role,
  value: `${p.name} — ${identityLabel(p.document_type)} ${p.document_number}`,
});

/** A point prints its ubigeo and, from INEI's list, the district, province and department it names. */
function point(p: DespatchPoint): Fact[] {
  const names = findDistrict(p.ubigeo);
  return [
    { label: "Ubigeo", value: p.ubigeo },
    ...(names
      ? [{ label: "Distrito", value: `${names.district} - ${names.province} - ${names.department}` }]
      : []),
    { label: "Dirección", value: p.address },
    ...(p.establishment_code
      ? [
          {
            label: "Establecimiento",
            value: `${p.establishment_code}${p.establishment_ruc ? ` (RUC ${p.establishment_ruc})` : ""}`,
          },
        ]
      : []),
  ];
}

const withCode = (labels: Readonly<Record<string, string>>, code: string) =>
  labels[code] ? `${code} – ${labels[code]}` : code;

/** The guide as the layout prints it: labels chosen, dates and quantities formatted. A pure function. */
export function buildGuideModel(input: GuidePdfInput): GuideModel {
  const d = input.despatch;
  const title = TITLES[d.type] ?? `GUÍA DE REMISIÓN ${d.type}`;
  const address = input.issuer.address;
  const place = [address.district, address.province, address.department].filter(Boolean).join(" - ");
  const transfer: Fact[] = [
    { label: "Fecha de emisión", value: formatDate(d.issue_date) },
    ...(d.start_date ? [{ label: "Inicio del traslado", value: formatDate(d.start_date) }] : []),
    ...(d.handover_date ? [{ label: "Entrega al transportista", value: formatDate(d.handover_date) }] : []),
    ...(d.reason_code
      ? [
          {
            label: "Motivo",
            value: d.reason_description
              ? `${d.reason_code} – ${d.reason_description}`
              : withCode(TRANSFER_REASONS, d.reason_code),
          },
        ]
      : []),
    ...(d.transport_mode ? [{ label: "Modalidad", value: withCode(MODES, d.transport_mode) }] : []),
    {
      label: "Peso bruto total",
      value: `${formatQuantity(d.gross_weight)} ${WEIGHT_UNITS[d.weight_unit] ?? d.weight_unit}`,
    },
    ...(d.packages !== undefined ? [{ label: "Bultos", value: String(d.packages) }] : []),
    ...(d.freight_payer ? [{ label: "Pagador del flete", value: FREIGHT_PAYERS[d.freight_payer] }] : []),
  ];
  const parties: Fact[] = [
    party("Remitente", d.sender),
    party("Destinatario", d.recipient),
    ...(d.supplier ? [party("Proveedor", d.supplier)] : []),
    ...(d.buyer ? [party("Comprador", d.buyer)] : []),
    ...(d.carrier
      ? [
          {
            label: "Transportista",
            value: `${d.carrier.name} — RUC ${d.carrier.ruc}${d.carrier.mtc_registration ? ` — Registro MTC ${d.carrier.mtc_registration}` : ""}`,
          },
        ]
      : []),
  ];
  const transport: GuideSection[] = [];
  if (d.vehicles.length > 0)
    transport.push({
      title: "Vehículos",
      facts: d.vehicles.map((v) => ({
        label: v.role === "main" ? "Principal" : "Secundario",
        value: `Placa ${v.plate}${v.certificate ? ` — TUC/CHV ${v.certificate}` : ""}`,
      })),
    });
  if (d.drivers.length > 0)
    transport.push({
      title: "Conductores",
      facts: d.drivers.map((c) => ({
        label: c.role === "main" ? "Principal" : "Secundario",
        value: `${c.first_name} ${c.last_name} — ${identityLabel(c.document_type)} ${c.document_number} — Licencia ${c.license}`,
      })),
    });
  return {
    title,
    id: `${d.series}-${input.number}`,
    issuer: {
      legalName: input.issuer.legal_name,
      ...(input.issuer.trade_name ? { tradeName: input.issuer.trade_name } : {}),
      ruc: input.issuer.ruc,
      address: [address.line, ...(place ? [place] : [])],
    },
    banners: input.livemode ? [] : ["DOCUMENTO DE PRUEBA – SIN VALOR TRIBUTARIO"],
    transfer,
    parties: [{ title: "Participantes", facts: parties }],
    route: [
      { title: "Punto de partida", facts: point(d.origin) },
      { title: "Punto de llegada", facts: point(d.destination) },
    ],
    transport,
    related: d.related_documents.map((r) => ({
      label: r.description || (r.type === "01" ? "Factura" : "Boleta"),
      value: `${r.type} ${r.number} (RUC ${r.issuer_ruc})`,
    })),
    lines: d.items.map((item, i) => ({
      index: String(i + 1),
      description: item.description,
      quantity: formatQuantity(item.quantity),
      unit: item.unit_code,
    })),
    ...(d.note ? { note: d.note } : {}),
    representation: `Representación impresa de la ${title}`,
    hash: input.hash,
    ...(input.qr_url ? { qr: input.qr_url } : {}),
  };
}
