import { creditGroup, linesTable, noteGroups, summary } from "./a4-tables.js";
import { factRows, paragraph } from "./layout/blocks.js";
import { type Box, beside, type Group, group, stack } from "./layout/box.js";
import type { Composition } from "./layout/composition.js";
import { logoBox } from "./layout/logo.js";
import type { Pen } from "./layout/pen.js";
import { drawQr, qrMatrix } from "./layout/qr-vector.js";
import type { PrintModel } from "./print-model.js";
import { COLORS, A4_STYLE as S } from "./styles.js";
import type { PdfImage } from "./writer/pdf-writer.js";

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { x: 36, top: 32, bottom: 44 };
const CONTENT = PAGE.width - 2 * MARGIN.x;
const ID_BOX_WIDTH = 190;
const SECTION_GAP = 10;
const QR_SIDE = 96;
/** The logo's box above the issuer's name: any logo is scaled to fit it, its aspect ratio kept. */
const LOGO_BOX = { width: 170, height: 56 };

/** Issuer (under its logo) at the left; at the right SUNAT's framed box: RUC, document kind, series-number. */
function pageHeader(pen: Pen, model: PrintModel, logo: PdfImage | undefined): Box {
  const x = MARGIN.x;
  const leftWidth = CONTENT - ID_BOX_WIDTH - 16;
  const left = stack([
    ...(logo
      ? [logoBox(pen.doc, logo, x, Math.min(LOGO_BOX.width, leftWidth), LOGO_BOX.height, "left", 6)]
      : []),
    ...paragraph(pen, model.issuer.legalName, x, leftWidth, S.legalName),
    ...(model.issuer.tradeName ? paragraph(pen, model.issuer.tradeName, x, leftWidth, S.tradeName) : []),
    { height: 3, draw: () => {} },
    ...model.issuer.address.flatMap((line) => paragraph(pen, line, x, leftWidth, S.address)),
  ]);
  const boxX = x + CONTENT - ID_BOX_WIDTH;
  const inner = ID_BOX_WIDTH - 16;
  const lines = stack([
    ...paragraph(pen, `R.U.C. N° ${model.issuer.ruc}`, boxX + 8, inner, S.ruc, "center"),
    { height: 4, draw: () => {} },
    ...paragraph(pen, model.title, boxX + 8, inner, S.title, "center"),
    { height: 4, draw: () => {} },
    ...paragraph(pen, model.id, boxX + 8, inner, S.number, "center"),
  ]);
  const idBox: Box = {
    height: lines.height + 20,
    draw(y) {
      pen.rect(boxX, y, ID_BOX_WIDTH, lines.height + 20, { stroke: COLORS.ink, radius: 5 });
      lines.draw(y + 10);
    },
  };
  const both = beside(left, idBox);
  return { height: both.height + 14, draw: (y) => both.draw(y) };
}

function banners(pen: Pen, model: PrintModel): Group[] {
  return model.banners.map((text) => {
    const lines = paragraph(pen, text, MARGIN.x + 8, CONTENT - 16, S.banner, "center");
    const inner = stack(lines);
    return group(
      [
        {
          height: inner.height + 10,
          draw(y) {
            pen.rect(MARGIN.x, y, CONTENT, inner.height + 10, { stroke: COLORS.alert, radius: 3 });
            inner.draw(y + 5);
          },
        },
      ],
      6,
    );
  });
}

/** The customer at the left, the document's dates, payment and currency at the right, framed. */
function parties(pen: Pen, model: PrintModel): Group {
  const pad = 7;
  const leftWidth = (CONTENT - 3 * pad) * 0.55;
  const rightWidth = CONTENT - 3 * pad - leftWidth;
  const styles = { label: S.factLabel, value: S.factValue };
  const left = stack(factRows(pen, model.customerFacts, MARGIN.x + pad, leftWidth, styles));
  const rightX = MARGIN.x + 2 * pad + leftWidth;
  const right = stack(factRows(pen, model.documentFacts, rightX, rightWidth, styles));
  const both = beside(left, right);
  return group(
    [
      {
        height: both.height + 2 * pad,
        draw(y) {
          pen.rect(MARGIN.x, y, CONTENT, both.height + 2 * pad, { stroke: COLORS.rule, radius: 3 });
          pen.vline(rightX - pad / 2, y + 4, y + both.height + 2 * pad - 4, COLORS.hairline);
          both.draw(y + pad);
        },
      },
    ],
    6,
  );
}

/** The QR, and what SUNAT asks the printed representation to say: what it is, where to check it, its hash. */
function closing(pen: Pen, model: PrintModel): Group {
  const textX = MARGIN.x + QR_SIDE + 12;
  const textWidth = CONTENT - QR_SIDE - 12;
  const text = stack([
    ...paragraph(pen, model.representation, textX, textWidth, S.representation),
    { height: 3, draw: () => {} },
    ...paragraph(pen, model.consult, textX, textWidth, S.legend),
    { height: 3, draw: () => {} },
    ...paragraph(pen, `Resumen (hash): ${model.hash}`, textX, textWidth, S.legend),
    ...(model.verdict
      ? [{ height: 3, draw: () => {} }, ...paragraph(pen, model.verdict, textX, textWidth, S.small)]
      : []),
  ]);
  const matrix = qrMatrix(model.qr);
  const height = Math.max(QR_SIDE, text.height + 12) + 8;
  return group(
    [
      {
        height,
        draw(y) {
          pen.hline(MARGIN.x, MARGIN.x + CONTENT, y, COLORS.rule);
          drawQr(pen, matrix, MARGIN.x, y + 6, QR_SIDE);
          text.draw(y + 6 + Math.max(0, (QR_SIDE - text.height) / 2));
        },
      },
    ],
    SECTION_GAP + 4,
  );
}

/** A4, portrait: the layout most businesses print and email. */
export function composeA4(pen: Pen, model: PrintModel, logo?: PdfImage): Composition {
  const header = pageHeader(pen, model, logo);
  const x = MARGIN.x;
  const groups: Group[] = [
    ...banners(pen, model),
    parties(pen, model),
    ...linesTable(pen, model.lines, x, CONTENT, SECTION_GAP),
    summary(pen, model, x, CONTENT, SECTION_GAP),
    ...creditGroup(pen, model, x, CONTENT, SECTION_GAP),
    ...noteGroups(pen, model.notes, x, CONTENT, SECTION_GAP),
    closing(pen, model),
  ];
  return {
    width: PAGE.width,
    pageHeight: () => PAGE.height,
    header,
    headerTop: MARGIN.top,
    frame: { top: MARGIN.top + header.height, bottom: PAGE.height - MARGIN.bottom },
    groups,
    footer(page, pages) {
      const y = PAGE.height - MARGIN.bottom + 12;
      pen.hline(x, x + CONTENT, y - 4, COLORS.hairline);
      pen.text(`${model.title} ${model.id}`, x, y, S.footer);
      pen.text(`Página ${page} de ${pages}`, x + CONTENT, y, S.footer, "right");
    },
  };
}
