import PDFDocument from "pdfkit";

/**
 * One object of an image as a PDF embeds it (the image XObject, its soft mask, palette or decode parameters): its
 * dictionary, where other parts stand in place of references, and its stream.
 */
class ImagePart {
  body: Uint8Array | undefined;

  constructor(
    readonly data: Record<string, unknown>,
    private readonly onEnd: (part: ImagePart) => void,
  ) {}

  /** pdfkit's image code ends each object it made with its stream, or none. */
  end(chunk?: Uint8Array): void {
    this.body = chunk;
    this.onEnd(this);
  }
}

/**
 * A PNG or JPEG decoded into the objects a PDF embeds, once, for any number of documents: pdfkit decodes a PNG
 * with an alpha channel to pixels and deflates colour and alpha apart, far more CPU than the rest of a page.
 */
export interface PreparedImage {
  width: number;
  height: number;
  /** The image XObject; the parts it refers to hang from its dictionary. */
  root: ImagePart;
}

/** pdfkit's image object (its typings do not describe it). */
interface KitImage {
  width: number;
  height: number;
  embed(document: { ref(data?: Record<string, unknown>): ImagePart }): void;
}

/**
 * Decodes the image as pdfkit would embed it, recording the objects pdfkit makes instead of writing them
 * (pdfkit finishes a PNG with transparency asynchronously). Rejects when pdfkit cannot read the bytes.
 */
export function prepareImage(bytes: Uint8Array): Promise<PreparedImage> {
  return new Promise((resolve, reject) => {
    try {
      const opener = new PDFDocument({ autoFirstPage: false }) as unknown as {
        openImage(src: Buffer): KitImage;
      };
      const kit = opener.openImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      let root: ImagePart | undefined;
      kit.embed({
        ref(data = {}) {
          const part = new ImagePart(data, (ended) => {
            if (ended === root) resolve({ width: kit.width, height: kit.height, root });
          });
          root ??= part;
          return part;
        },
      });
    } catch (error) {
      reject(error);
    }
  });
}

/** Writes the prepared image's objects into a pdfkit document; the reference to its image XObject. */
export function embedPrepared(doc: PDFKit.PDFDocument, image: PreparedImage): PDFKit.PDFKitReference {
  const write = (part: ImagePart): PDFKit.PDFKitReference => {
    const value = (v: unknown): unknown =>
      v instanceof ImagePart ? write(v) : Array.isArray(v) ? v.map(value) : v;
    const data: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(part.data)) data[key] = value(v);
    const ref = doc.ref(data) as unknown as { end(chunk?: Uint8Array): void };
    ref.end(part.body);
    return ref as unknown as PDFKit.PDFKitReference;
  };
  return write(image.root);
}
