import {
  a4Banners,
  a4Composition,
  a4PageHeader,
  A4_CONTENT as CONTENT,
  A4_MARGIN as MARGIN,
} from "./a4-page.js";
import { creditGroup, linesTable, noteGroups, summary } from "./a4-tables.js";
import { factRows, paragraph } from "./layout/blocks.js";
import { beside, type Group, group, spacer, stack } from "./layout/box.js";
import type { Composition } from "./layout/composition.js";
import type { Pen } from "./layout/pen.js";
import { drawQr, qrMatrix } from "./layout/qr-vector.js";
import type { PrintModel } from "./print-model.js";
import { COLORS, A4_STYLE as S } from "./styles.js";
import type { PdfImage } from "./writer/pdf-writer.js";

const ID_BOX_WIDTH = 190;
const SECTION_GAP = 10;
const QR_SIDE = 96;

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
    spacer(3),
    ...paragraph(pen, model.consult, textX, textWidth, S.legend),
    spacer(3),
    ...paragraph(pen, `Resumen (hash): ${model.hash}`, textX, textWidth, S.legend),
    ...(model.verdict ? [spacer(3), ...paragraph(pen, model.verdict, textX, textWidth, S.small)] : []),
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
  const x = MARGIN.x;
  const groups: Group[] = [
    ...a4Banners(pen, model.banners),
    parties(pen, model),
    ...linesTable(pen, model.lines, x, CONTENT, SECTION_GAP),
    summary(pen, model, x, CONTENT, SECTION_GAP),
    ...creditGroup(pen, model, x, CONTENT, SECTION_GAP),
    ...noteGroups(pen, model.notes, x, CONTENT, SECTION_GAP),
    closing(pen, model),
  ];
  return a4Composition(pen, model, a4PageHeader(pen, model, logo, ID_BOX_WIDTH), groups);
}
