import { inspectLogo } from "@einvoice/domain";
import { PdfInputError } from "../input.js";
import type { PdfImage, PdfWriter } from "../writer/pdf-writer.js";
import { type PreparedImage, prepareImage } from "../writer/prepared-image.js";
import type { Box } from "./box.js";
import { OpenedLogo } from "./opened-logo.js";

export interface Size {
  width: number;
  height: number;
}

/**
 * The largest size of a `width` × `height` image inside a `boxWidth` × `boxHeight` box, its aspect ratio kept:
 * a wide logo takes the box's width, a tall one its height, never overflowing either.
 */
export function fitInBox(width: number, height: number, boxWidth: number, boxHeight: number): Size {
  const scale = Math.min(boxWidth / width, boxHeight / height);
  return { width: width * scale, height: height * scale };
}

/**
 * The issuer's logo, checked and decoded. The bytes are checked first (the same check as at upload), so a damaged
 * file is refused here, with the field named, rather than failing inside the writer.
 */
export async function openLogo(bytes: Uint8Array): Promise<OpenedLogo> {
  const inspection = inspectLogo(bytes);
  if (!inspection.ok) throw new PdfInputError([{ field: "logo", message: inspection.message }]);
  try {
    return new OpenedLogo(await prepareImage(bytes));
  } catch (error) {
    throw new PdfInputError([{ field: "logo", message: `the logo cannot be read: ${String(error)}` }]);
  }
}

/** A render's logo: bytes are opened for this render; an opened logo is used as it is. */
export async function logoImage(
  logo: Uint8Array | OpenedLogo | undefined,
): Promise<PreparedImage | undefined> {
  if (logo === undefined) return undefined;
  return (logo instanceof OpenedLogo ? logo : await openLogo(logo)).image;
}

/**
 * The logo fitted into a box `width` wide and at most `maxHeight` tall, at the left of the column or centred in
 * it, followed by `gap` points of space.
 */
export function logoBox(
  doc: PdfWriter,
  image: PdfImage,
  x: number,
  width: number,
  maxHeight: number,
  align: "left" | "center",
  gap: number,
): Box {
  const size = fitInBox(image.width, image.height, width, maxHeight);
  const left = align === "left" ? x : x + (width - size.width) / 2;
  return {
    height: size.height + gap,
    draw: (y) => doc.drawImage(image, left, y, size.width, size.height),
  };
}
