import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  createFileRegistry,
  type DescField,
  type DescMessage,
  type DescOneof,
  fromBinary,
} from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { getComments } from "@bufbuild/protoplugin";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * The contracts with their source comments (the generated code carries none); or, given `input` (a directory of
 * .proto files), those files: what the generators' tests feed them.
 */
export function registryWithComments(input?: string) {
  const image = execFileSync("npx", ["buf", "build", ...(input ? [input] : []), "-o", "-#format=binpb"], {
    cwd: root,
    maxBuffer: 64 << 20,
  });
  return createFileRegistry(fromBinary(FileDescriptorSetSchema, image));
}

/** An element's leading proto comment, trimmed; undefined when it has none. */
export function leadingComment(element: DescMessage | DescField | DescOneof): string | undefined {
  return getComments(element).leading?.trim() || undefined;
}

/** An element's leading proto comment on one line: the description the generated docs and schemas show. */
export function describe(element: DescMessage | DescField | DescOneof): string | undefined {
  return leadingComment(element)?.replace(/\s*\n\s*/g, " ");
}

/** Components the API names otherwise than their message (the OpenAPI schemas and the generated public types). */
export const API_NAMES: Readonly<Record<string, string>> = {
  "einvoice.documents.v1.Party": "Customer",
  "einvoice.documents.v1.IssuerAddress": "CompanyAddress",
};
