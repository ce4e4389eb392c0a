import { paragraph } from "./layout/blocks.js";
import { type Box, beside, type Group, group, spacer, stack } from "./layout/box.js";
import type { Composition } from "./layout/composition.js";
import { logoBox } from "./layout/logo.js";
import type { Pen } from "./layout/pen.js";
import { COLORS, A4_STYLE as S } from "./styles.js";
import type { PdfImage } from "./writer/pdf-writer.js";

/** The A4 page every document and guide prints on: portrait, its margins, and the width between them. */
export const A4_PAGE = { width: 595.28, height: 841.89 };
export const A4_MARGIN = { x: 36, top: 32, bottom: 44 };
export const A4_CONTENT = A4_PAGE.width - 2 * A4_MARGIN.x;
/** The logo's box above the issuer's name: any logo is scaled to fit it, its aspect ratio kept. */
const LOGO_BOX = { width: 170, height: 56 };

/** What an A4's header and footer print, the same for an invoice and a guide. */
export interface A4Heading {
  title: string;
  id: string;
  issuer: { legalName: string; tradeName?: string; ruc: string; address: string[] };
}

/**
 * Issuer (under its logo) at the left; at the right SUNAT's framed box, `idBoxWidth` points wide: RUC, the
 * document's kind, series-number.
 */
export function a4PageHeader(
  pen: Pen,
  heading: A4Heading,
  logo: PdfImage | undefined,
  idBoxWidth: number,
): Box {
  const x = A4_MARGIN.x;
  const leftWidth = A4_CONTENT - idBoxWidth - 16;
  const { issuer } = heading;
  const left = stack([
    ...(logo
      ? [logoBox(pen.doc, logo, x, Math.min(LOGO_BOX.width, leftWidth), LOGO_BOX.height, "left", 6)]
      : []),
    ...paragraph(pen, issuer.legalName, x, leftWidth, S.legalName),
    ...(issuer.tradeName ? paragraph(pen, issuer.tradeName, x, leftWidth, S.tradeName) : []),
    spacer(3),
    ...issuer.address.flatMap((line) => paragraph(pen, line, x, leftWidth, S.address)),
  ]);
  const boxX = x + A4_CONTENT - idBoxWidth;
  const inner = idBoxWidth - 16;
  const lines = stack([
    ...paragraph(pen, `R.U.C. N° ${issuer.ruc}`, boxX + 8, inner, S.ruc, "center"),
    spacer(4),
    ...paragraph(pen, heading.title, boxX + 8, inner, S.title, "center"),
    spacer(4),
    ...paragraph(pen, heading.id, boxX + 8, inner, S.number, "center"),
  ]);
  const idBox: Box = {
    height: lines.height + 20,
    draw(y) {
      pen.rect(boxX, y, idBoxWidth, lines.height + 20, { stroke: COLORS.ink, radius: 5 });
      lines.draw(y + 10);
    },
  };
  const both = beside(left, idBox);
  return { height: both.height + 14, draw: (y) => both.draw(y) };
}

/** Each warning (test document, rejected) centred in a red frame across the page. */
export function a4Banners(pen: Pen, banners: string[]): Group[] {
  return banners.map((text) => {
    const inner = stack(paragraph(pen, text, A4_MARGIN.x + 8, A4_CONTENT - 16, S.banner, "center"));
    const box: Box = {
      height: inner.height + 10,
      draw(y) {
        pen.rect(A4_MARGIN.x, y, A4_CONTENT, inner.height + 10, { stroke: COLORS.alert, radius: 3 });
        inner.draw(y + 5);
      },
    };
    return group([box], 6);
  });
}

/** The A4 composition: `header` on every page, `groups` flowing under it, kind, number and "Página N de M" below. */
export function a4Composition(pen: Pen, heading: A4Heading, header: Box, groups: Group[]): Composition {
  const x = A4_MARGIN.x;
  return {
    width: A4_PAGE.width,
    pageHeight: () => A4_PAGE.height,
    header,
    headerTop: A4_MARGIN.top,
    frame: { top: A4_MARGIN.top + header.height, bottom: A4_PAGE.height - A4_MARGIN.bottom },
    groups,
    footer(page, pages) {
      const y = A4_PAGE.height - A4_MARGIN.bottom + 12;
      pen.hline(x, x + A4_CONTENT, y - 4, COLORS.hairline);
      pen.text(`${heading.title} ${heading.id}`, x, y, S.footer);
      pen.text(`Página ${page} de ${pages}`, x + A4_CONTENT, y, S.footer, "right");
    },
  };
}
