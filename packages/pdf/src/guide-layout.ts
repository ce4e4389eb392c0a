import {
  a4Banners,
  a4Composition,
  a4PageHeader,
  A4_CONTENT as CONTENT,
  A4_MARGIN as MARGIN,
} from "./a4-page.js";
import type { GuideLine, GuideModel, GuideSection } from "./guide-model.js";
import { factRows, paragraph } from "./layout/blocks.js";
import { type Box, beside, type Group, group, spacer, stack } from "./layout/box.js";
import type { Composition } from "./layout/composition.js";
import type { Pen } from "./layout/pen.js";
import { drawQr, qrMatrix } from "./layout/qr-vector.js";
import type { Fact } from "./print-model.js";
import { COLORS, A4_STYLE as S } from "./styles.js";
import type { PdfImage } from "./writer/pdf-writer.js";

const ID_BOX_WIDTH = 200;
const GAP = 8;
const PAD = 7;
const QR_SIDE = 96;
const FACTS = { label: S.factLabel, value: S.factValue };

/** A framed box holding a stack drawn with padding. */
function framed(pen: Pen, content: Box, x: number, width: number): Box {
  return {
    height: content.height + 2 * PAD,
    draw(y) {
      pen.rect(x, y, width, content.height + 2 * PAD, { stroke: COLORS.rule, radius: 3 });
      content.draw(y + PAD);
    },
  };
}

function section(pen: Pen, title: string, facts: Fact[], x: number, width: number): Box {
  return stack([
    ...paragraph(pen, title, x, width, S.heading),
    spacer(2),
    ...factRows(pen, facts, x, width, FACTS),
  ]);
}

/** Sections side by side in one frame (two columns), the frame as tall as the tallest. */
function columns(pen: Pen, sections: GuideSection[]): Group[] {
  const out: Group[] = [];
  for (let i = 0; i < sections.length; i += 2) {
    const pair = sections.slice(i, i + 2);
    const colWidth = pair.length === 2 ? (CONTENT - 3 * PAD) / 2 : CONTENT - 2 * PAD;
    const boxes = pair.map((s, j) =>
      section(pen, s.title, s.facts, MARGIN.x + PAD + j * (colWidth + PAD), colWidth),
    );
    out.push(group([framed(pen, beside(...boxes), MARGIN.x, CONTENT)], GAP));
  }
  return out;
}

/** The transfer's facts (dates, reason, mode, weight) and the parties, framed side by side. */
function overview(pen: Pen, model: GuideModel): Group {
  const leftWidth = (CONTENT - 3 * PAD) * 0.42;
  const rightWidth = CONTENT - 3 * PAD - leftWidth;
  const left = section(pen, "Datos del traslado", model.transfer, MARGIN.x + PAD, leftWidth);
  const rightX = MARGIN.x + 2 * PAD + leftWidth;
  const right = stack(model.parties.map((p) => section(pen, p.title, p.facts, rightX, rightWidth)));
  return group([framed(pen, beside(left, right), MARGIN.x, CONTENT)], 6);
}

const COLS = [
  { key: "index", title: "N°", width: 26, align: "center" },
  { key: "description", title: "Descripción", width: 0, align: "left" },
  { key: "quantity", title: "Cantidad", width: 70, align: "right" },
  { key: "unit", title: "Unidad", width: 50, align: "center" },
] as const;
const CELL = 4;
const HEADER = 17;

/** The goods: one row per item, the description wrapping; the header repeats on a new page. */
function goods(pen: Pen, lines: GuideLine[]): Group[] {
  const fixed = COLS.reduce((s, c) => s + c.width, 0);
  let at = MARGIN.x;
  const cols = COLS.map((c) => {
    const w = c.width === 0 ? CONTENT - fixed : c.width;
    const placed = { ...c, x: at, w };
    at += w;
    return placed;
  });
  const anchor = (c: (typeof cols)[number]) =>
    c.align === "left" ? c.x + CELL : c.align === "right" ? c.x + c.w - CELL : c.x + c.w / 2;
  const header: Box = {
    height: HEADER,
    draw(y) {
      pen.rect(MARGIN.x, y, CONTENT, HEADER, { fill: COLORS.shade });
      const ty = y + (HEADER - pen.lineHeight(S.th)) / 2;
      for (const c of cols) pen.text(c.title, anchor(c), ty, S.th, c.align);
    },
  };
  const lh = pen.lineHeight(S.td);
  const desc = cols[1] as (typeof cols)[number];
  const rows: Box[] = lines.map((line) => {
    const wrapped = pen.wrap(line.description, desc.w - 2 * CELL, S.td);
    const height = lh * wrapped.length + 6;
    return {
      height,
      draw(y) {
        for (const c of cols) {
          if (c.key === "description")
            wrapped.forEach((t, i) => {
              pen.text(t, anchor(c), y + 3 + i * lh, S.td, "left");
            });
          else pen.text(line[c.key], anchor(c), y + 3, S.td, c.align);
        }
        pen.hline(MARGIN.x, MARGIN.x + CONTENT, y + height, COLORS.hairline);
      },
    };
  });
  const title = stack(paragraph(pen, "Bienes por trasladar", MARGIN.x, CONTENT, S.heading));
  const [first, ...rest] = rows;
  return [
    group([title, spacer(3), header, ...(first ? [first] : [])], GAP + 2),
    ...rest.map((row) => group([row], 0, header)),
  ];
}

function related(pen: Pen, facts: Fact[]): Group[] {
  if (facts.length === 0) return [];
  const box = section(pen, "Documentos relacionados", facts, MARGIN.x + PAD, CONTENT - 2 * PAD);
  return [group([framed(pen, box, MARGIN.x, CONTENT)], GAP)];
}

function note(pen: Pen, text: string | undefined): Group[] {
  if (!text) return [];
  return [
    group(
      [
        ...paragraph(pen, "Observaciones", MARGIN.x, CONTENT, S.heading),
        ...paragraph(pen, text, MARGIN.x, CONTENT, S.legend),
      ],
      GAP,
    ),
  ];
}

/** SUNAT's QR when given (spec rule 11), the representation text and the hash. */
function closing(pen: Pen, model: GuideModel): Group {
  const qr = model.qr;
  const textX = qr ? MARGIN.x + QR_SIDE + 12 : MARGIN.x;
  const textWidth = qr ? CONTENT - QR_SIDE - 12 : CONTENT;
  const text = stack([
    ...paragraph(pen, model.representation, textX, textWidth, S.representation),
    spacer(3),
    ...paragraph(pen, `Resumen (hash): ${model.hash}`, textX, textWidth, S.legend),
    ...(qr
      ? [
          spacer(3),
          ...paragraph(pen, "Código QR de SUNAT: consulte la guía en su portal.", textX, textWidth, S.small),
        ]
      : []),
  ]);
  const matrix = qr ? qrMatrix(qr) : undefined;
  const height = Math.max(matrix ? QR_SIDE : 0, text.height) + 14;
  return group(
    [
      {
        height,
        draw(y) {
          pen.hline(MARGIN.x, MARGIN.x + CONTENT, y, COLORS.rule);
          if (matrix) drawQr(pen, matrix, MARGIN.x, y + 6, QR_SIDE);
          text.draw(y + 6 + Math.max(0, ((matrix ? QR_SIDE : 0) - text.height) / 2));
        },
      },
    ],
    GAP + 6,
  );
}

/** A4, portrait: a guide as it travels with the goods. */
export function composeGuideA4(pen: Pen, model: GuideModel, logo?: PdfImage): Composition {
  const groups: Group[] = [
    ...a4Banners(pen, model.banners),
    overview(pen, model),
    ...columns(pen, model.route),
    ...columns(pen, model.transport),
    ...related(pen, model.related),
    ...goods(pen, model.lines),
    ...note(pen, model.note),
    closing(pen, model),
  ];
  return a4Composition(pen, model, a4PageHeader(pen, model, logo, ID_BOX_WIDTH), groups);
}
