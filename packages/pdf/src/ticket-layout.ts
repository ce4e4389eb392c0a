import { factRows, paragraph, rule } from "./layout/blocks.js";
import { type Box, type Group, group, spacer, stack } from "./layout/box.js";
import type { Composition } from "./layout/composition.js";
import { logoBox } from "./layout/logo.js";
import { flowHeight } from "./layout/paginate.js";
import type { Pen, TextStyle } from "./layout/pen.js";
import { drawQr, qrMatrix } from "./layout/qr-vector.js";
import type { PrintLine, PrintModel } from "./print-model.js";
import { COLORS, TICKET_STYLE as S } from "./styles.js";
import type { PdfImage } from "./writer/pdf-writer.js";

/** 80 mm roll paper; thermal heads print about 72 mm of it. */
const WIDTH = (80 / 25.4) * 72;
const MARGIN = 11;
/** Blank paper after the last line, where the printer's cutter tears. */
const TEAR_OFF = 16;
const CONTENT = WIDTH - 2 * MARGIN;
/** The longest page a PDF viewer accepts (200 in); a longer ticket continues on another page. */
const MAX_HEIGHT = 14_400;
const FOOTER = 16;
const QR_SIDE = 118;
const GAP = 5;
/** Tallest the logo prints, centred above the issuer: any logo is scaled to fit the paper's width and this. */
const LOGO_HEIGHT = 52;

const x = MARGIN;
const dashed = (pen: Pen, above = 3, below = 4): Box =>
  rule(pen, x, CONTENT, { color: COLORS.ink, above, below, dash: 1.5 });
const centered = (pen: Pen, text: string, style: TextStyle) =>
  paragraph(pen, text, x, CONTENT, style, "center");

/** Logo, issuer, RUC, address, then the document kind and number, all centred as a till receipt. */
function pageHeader(pen: Pen, model: PrintModel, logo: PdfImage | undefined): Box {
  return stack([
    ...(logo ? [logoBox(pen.doc, logo, x, CONTENT, LOGO_HEIGHT, "center", 5)] : []),
    ...(model.issuer.tradeName ? centered(pen, model.issuer.tradeName, S.tradeName) : []),
    ...centered(pen, model.issuer.legalName, S.legalName),
    ...centered(pen, `RUC ${model.issuer.ruc}`, S.text),
    ...model.issuer.address.flatMap((line) => centered(pen, line, S.text)),
    dashed(pen),
    ...centered(pen, model.title, S.title),
    ...centered(pen, model.id, S.number),
    dashed(pen, 3, 5),
  ]);
}

function lineBoxes(pen: Pen, line: PrintLine): Box[] {
  const amounts = `${line.quantity} ${line.unit} × ${line.unitValue}${line.discount ? ` (dscto. ${line.discount})` : ""}`;
  const value = line.value;
  const valueWidth = pen.width(value, S.bold) + 8;
  const lh = pen.lineHeight(S.text);
  const figures: Box[] = pen.wrap(amounts, CONTENT - valueWidth, S.text).map((text, i) => ({
    height: lh,
    draw(y) {
      pen.text(text, x + 6, y, S.text);
      if (i === 0) pen.text(value, x + CONTENT, y, S.bold, "right");
    },
  }));
  return [
    ...paragraph(pen, line.description, x, CONTENT, S.text),
    ...line.details.flatMap((d) => paragraph(pen, d, x + 6, CONTENT - 6, S.detail)),
    ...figures,
    spacer(2.5),
  ];
}

function tableHeader(pen: Pen): Box {
  const lh = pen.lineHeight(S.bold);
  return {
    height: lh + 4,
    draw(y) {
      pen.text("Descripción / Cant. × V. unitario", x, y, S.bold);
      pen.text("Valor venta", x + CONTENT, y, S.bold, "right");
      pen.hline(x, x + CONTENT, y + lh + 1.5, COLORS.ink, 0.5);
    },
  };
}

const pair = (pen: Pen, label: string, value: string, style: TextStyle): Box => {
  const valueWidth = pen.width(value, style);
  const labels = pen.wrap(label, CONTENT - valueWidth - 8, style);
  const lh = pen.lineHeight(style);
  return {
    height: lh * labels.length,
    draw(y) {
      labels.forEach((l, i) => {
        pen.text(l, x, y + i * lh, style);
      });
      pen.text(value, x + CONTENT, y, style, "right");
    },
  };
};

function closing(pen: Pen, model: PrintModel): Group {
  const matrix = qrMatrix(model.qr);
  const qr: Box = {
    height: QR_SIDE,
    draw: (y) => drawQr(pen, matrix, x + (CONTENT - QR_SIDE) / 2, y, QR_SIDE),
  };
  return group(
    [
      dashed(pen, 0, 2),
      qr,
      ...centered(pen, model.representation, S.bold),
      ...centered(pen, model.consult, S.small),
      spacer(2),
      ...centered(pen, `Resumen (hash): ${model.hash}`, S.small),
      ...(model.verdict ? [spacer(2), ...centered(pen, model.verdict, S.small)] : []),
    ],
    GAP,
  );
}

/** 80 mm ticket: one column, as long as the document (a page break only past 200 inches). */
export function composeTicket(pen: Pen, model: PrintModel, logo?: PdfImage): Composition {
  const header = pageHeader(pen, model, logo);
  const facts = { label: S.bold, value: S.text };
  const table = tableHeader(pen);
  const groups: Group[] = [
    ...model.banners.map((b) => group([...centered(pen, b, S.banner), dashed(pen, 2, 2)])),
    group(factRows(pen, [...model.documentFacts, ...model.customerFacts], x, CONTENT, facts)),
    ...model.lines.map((line, i) => {
      const boxes = lineBoxes(pen, line);
      return i === 0 ? group([table, ...boxes], GAP, table) : group(boxes, 0, table);
    }),
    group([
      dashed(pen, 0, 3),
      ...model.totals.map((t) => pair(pen, t.label, t.value, t.strong ? S.totalStrong : S.text)),
    ]),
    group(
      model.legends.flatMap((text, i) => paragraph(pen, text, x, CONTENT, i === 0 ? S.bold : S.text)),
      GAP,
    ),
    ...(model.credit
      ? [
          group(
            [
              ...paragraph(pen, `Crédito · pendiente de pago: ${model.credit.pending}`, x, CONTENT, S.bold),
              ...model.credit.installments.map((i) => pair(pen, `${i.id}  vence ${i.due}`, i.amount, S.text)),
            ],
            GAP,
          ),
        ]
      : []),
    ...model.notes.map((note) =>
      group(
        [...paragraph(pen, note.title, x, CONTENT, S.bold), ...factRows(pen, note.facts, x, CONTENT, facts)],
        GAP,
      ),
    ),
    closing(pen, model),
  ];
  const top = MARGIN;
  const frameTop = top + header.height;
  // One strip unless the content passes the 200-inch limit; then full-length pages, the last one as long as
  // what is left.
  const paged = frameTop + flowHeight(groups) + MARGIN + TEAR_OFF > MAX_HEIGHT;
  return {
    width: WIDTH,
    pageHeight: (page, pages, contentBottom) =>
      page < pages ? MAX_HEIGHT : contentBottom + (pages > 1 ? FOOTER : 0) + MARGIN + TEAR_OFF,
    header,
    headerTop: top,
    frame: { top: frameTop, bottom: MAX_HEIGHT - MARGIN - (paged ? FOOTER : TEAR_OFF) },
    groups,
    footer(page, pages, height) {
      if (pages === 1) return;
      const y = height - MARGIN - FOOTER + 4 - (page === pages ? TEAR_OFF : 0);
      pen.text(`Página ${page} de ${pages}`, x + CONTENT / 2, y, S.small, "center");
    },
  };
}
