// Writes packages/domain/src/generated/*.ts: the snake_case TypeScript types of the document messages, as the canonical
// proto JSON the platform passes around (`@einvoice/contracts` JsonCodec), with the proto comments as TSDoc. A string
// field whose `rules` list `values` gets a readonly array of them, in the proto's order, in the module of its message,
// named `<MESSAGE>_<FIELD>_VALUES` from the proto names in upper snake case (e.g. `Document.status` →
// `DOCUMENT_STATUS_VALUES`); a closed set types its field as that array's union, an open one stays `string`. A value
// set declared once as a proto enum (`values_enum`) gets one array in the enum's module, `IgvRegime` →
// `IGV_REGIME_VALUES`, which every field naming it reads. One message may have two forms: a message of the canonical
// form that a public message reaches also gets its public twin (`publicName`, e.g. `IssuerAddress` and the company's
// `CompanyAddress`), so a resource's type has nulls all the way down; the twin is written as `Presented<Canonical,
// parts>` (generated/presented.ts), naming only the fields that reach other twins. Run by `npm run generate`; a test
// fails when the files are stale.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type DescEnum,
  type DescExtension,
  type DescField,
  type DescFile,
  type DescMessage,
  type DescOneof,
  getOption,
  hasOption,
  ScalarType,
} from "@bufbuild/protobuf";
import { enumValueSet, isOptionalField, refuseContradictions, upperSnake } from "@einvoice/contracts";
import type { FieldRules as ContractFieldRules } from "@einvoice/proto";
import { API_NAMES, leadingComment, registryWithComments } from "./proto-registry.js";

const root = fileURLToPath(new URL("..", import.meta.url));
export const outDir = join(root, "packages", "domain", "src", "generated");

/**
 * How an unset optional field stands in the values the platform builds: `absent` (the canonical JSON, what the
 * codec reads and writes: `name?: T`, a oneof as its members) or `null` (the public form, as the register keeps
 * the Document and `withNulls` presents the Document, Event and Email: the key always present, `name: T | null`,
 * and a oneof under its own name holding whichever member is set, `object: Document | Email | null`).
 */
type Unset = "absent" | "null";

export interface Source {
  /** The .proto file, relative to proto/. */
  proto: string;
  unset: Unset;
  /** Messages of the file left out: request bodies, whose type their request schema in @einvoice/domain gives. */
  skip?: readonly string[];
  /**
   * Messages (of the `null` form) that also get `<TYPE>_NULLS`, every optional field null: the base their builder
   * spreads, so a field added to the proto is null there until something sets it.
   */
  nulls?: readonly string[];
  /**
   * Messages (of the `null` form) also generated as a service builds them before `withNulls` presents them: their
   * own optional fields null, the messages they reach in the canonical form (proto type name → TypeScript name).
   */
  built?: Readonly<Record<string, string>>;
  /** Only the value arrays, no interfaces: messages of the platform's inner contracts (RPCs, subjects). */
  valuesOnly?: true;
}

const SOURCES: readonly Source[] = [
  { proto: "einvoice/common/v1/common.proto", unset: "absent", valuesOnly: true },
  { proto: "einvoice/documents/v1/computed_document.proto", unset: "absent" },
  { proto: "einvoice/documents/v1/despatch_advice.proto", unset: "absent" },
  {
    proto: "einvoice/documents/v1/document.proto",
    unset: "null",
    nulls: ["einvoice.documents.v1.Document"],
    built: { "einvoice.documents.v1.Document": "BuiltDocument" },
  },
  { proto: "einvoice/documents/v1/issuer.proto", unset: "absent" },
  {
    proto: "einvoice/documents/v1/note.proto",
    unset: "absent",
    skip: ["einvoice.documents.v1.NoteRequest", "einvoice.documents.v1.NoteInstallments"],
  },
  { proto: "einvoice/api/v1/company.proto", unset: "null" },
  { proto: "einvoice/api/v1/errors.proto", unset: "null" },
  { proto: "einvoice/api/v1/webhooks.proto", unset: "null" },
  { proto: "einvoice/events/v1/email.proto", unset: "null" },
  { proto: "einvoice/events/v1/event.proto", unset: "null" },
  { proto: "einvoice/signing/v1/summary.proto", unset: "absent", valuesOnly: true },
  { proto: "einvoice/subjects/v1/documents.proto", unset: "absent", valuesOnly: true },
  { proto: "einvoice/subjects/v1/voids.proto", unset: "absent", valuesOnly: true },
  { proto: "einvoice/tax/v1/tax.proto", unset: "absent", valuesOnly: true },
];

/**
 * The TypeScript name of a message where it is not the proto name: the names the services knew before the types
 * were generated (`Document` would also shadow the proto message type of the same name).
 */
const TS_NAMES: Readonly<Record<string, string>> = {
  "einvoice.documents.v1.Document": "DocumentResource",
  "einvoice.events.v1.Event": "EventResource",
  "einvoice.events.v1.Email": "EmailResource",
  // `Error` would shadow JavaScript's own.
  "einvoice.api.v1.Error": "ErrorBody",
  "einvoice.documents.v1.Party": "ComputedParty",
  "einvoice.documents.v1.Detraction": "ComputedDetraction",
  "einvoice.documents.v1.Perception": "ComputedPerception",
  "einvoice.documents.v1.Prepayment": "ComputedPrepayment",
};

/**
 * The TypeScript name of the public form (unset optional fields null) of a message whose own form is the canonical
 * one, for a message a public one reaches and whose two forms differ: both are generated, in the message's module.
 * The API's component name where it has one of its own, else `Presented` and the canonical name.
 */
const publicName = (desc: DescMessage) => API_NAMES[desc.typeName] ?? `Presented${tsName(desc)}`;

const tsName = (desc: DescMessage) => TS_NAMES[desc.typeName] ?? desc.name;
const moduleOf = (file: DescFile) => file.name.split("/").pop()!.replace(/_/g, "-");

type ProtoRegistry = ReturnType<typeof registryWithComments>;

/**
 * Every generated module (file name → text), formatted as the repository's formatter would: of the contracts, or
 * of `sources` in `registry` (the tests' own files).
 */
export function domainTypeFiles(
  registry: ProtoRegistry = registryWithComments(),
  sources: readonly Source[] = SOURCES,
): Map<string, string> {
  const generated = new Map<string, Source>();
  for (const source of sources) {
    const file = registry.getFile(source.proto);
    if (!file) throw new Error(`${source.proto} is not in the proto image`);
    if (source.valuesOnly) continue;
    for (const desc of file.messages)
      if (!source.skip?.includes(desc.typeName)) generated.set(desc.typeName, source);
  }
  // The option is read from the image itself, so this script needs no generated code.
  const rules = registry.getExtension("einvoice.common.v1.rules");
  if (!rules) throw new Error("einvoice.common.v1.rules is not in the proto image");
  const files = new Map<string, string>();
  const valueNames = new Set<string>();
  const twins = publicTwins(registry, generated, rules);
  const valueSets = new Map<string, DescEnum>();
  for (const source of sources)
    for (const desc of registry.getFile(source.proto)!.messages)
      for (const field of desc.fields) {
        const name = fieldRules(field, rules)?.valuesEnum;
        if (!name) continue;
        const found = registry.getEnum(name);
        if (!found) throw new Error(`${field.toString()}: values_enum ${name} is not in the proto image`);
        if (!sources.some((s) => s.proto === `${found.file.name}.proto`))
          throw new Error(
            `${field.toString()}: values_enum ${name} is declared in a file not generated here`,
          );
        valueSets.set(name, found);
      }
  for (const source of sources) {
    const file = registry.getFile(source.proto)!;
    const name = `${moduleOf(file)}.ts`;
    const context = { generated, rules, valueNames, twins, valueSets };
    files.set(name, format(name, moduleText(file, source, context)));
  }
  if (twins.size > 0) files.set("presented.ts", format("presented.ts", PRESENTED_TEXT));
  files.set("index.ts", format("index.ts", indexText(registry, sources, generated, twins)));
  return files;
}

/**
 * The public twins to generate (proto type name → TypeScript name): every message of the canonical form that a
 * message of the public form reaches, where the two forms differ (an optional field or a oneof, or such a twin
 * reached in turn), each named by `publicName`.
 */
function publicTwins(
  registry: ProtoRegistry,
  generated: Map<string, Source>,
  rules: DescExtension,
): Map<string, string> {
  const differs = new Map<string, boolean>();
  const formsDiffer = (desc: DescMessage): boolean => {
    const known = differs.get(desc.typeName);
    if (known !== undefined) return known;
    differs.set(desc.typeName, false); // a cycle adds nothing
    const result = desc.members.some(
      (member) =>
        member.kind === "oneof" ||
        (isOptionalField(member) && fieldRules(member, rules)?.absentWhenUnset !== true) ||
        reachedCanonical(member).some(formsDiffer),
    );
    differs.set(desc.typeName, result);
    return result;
  };
  /** The messages of the canonical form a field holds. */
  const reachedCanonical = (field: DescField): DescMessage[] => {
    // A message field, or a list or map of messages (every other field's `message` is undefined).
    const target = field.message;
    return target && generated.get(target.typeName)?.unset === "absent" ? [target] : [];
  };
  const twins = new Map<string, string>();
  const visit = (desc: DescMessage) => {
    for (const field of desc.fields)
      for (const target of reachedCanonical(field)) {
        if (twins.has(target.typeName) || !formsDiffer(target)) continue;
        twins.set(target.typeName, publicName(target));
        visit(target);
      }
  };
  for (const [typeName, source] of generated)
    if (source.unset === "null") visit(registry.getMessage(typeName)!);
  return twins;
}

/**
 * Re-exports every module, and maps each proto type name to its type: where that type is exactly the message's
 * canonical JSON (unset optional fields absent), what `DomainContract` decodes a message to; where it is the public
 * JSON (unset optional fields null), what `@einvoice/contracts` presents it as.
 */
function indexText(
  registry: ProtoRegistry,
  sources: readonly Source[],
  generated: Map<string, Source>,
  twins: Map<string, string>,
): string {
  const modules = sources.map((s) => moduleOf(registry.getFile(s.proto)!)).sort();
  const byModule = new Map<string, string[]>();
  const entries: string[] = [];
  const presented: string[] = [];
  for (const [typeName, source] of generated) {
    const desc = registry.getMessage(typeName)!;
    const module = moduleOf(desc.file);
    byModule.set(module, [...(byModule.get(module) ?? []), tsName(desc)]);
    const entry = `  ${JSON.stringify(typeName)}: ${tsName(desc)};\n`;
    (source.unset === "absent" ? entries : presented).push(entry);
    const twin = twins.get(typeName);
    if (twin) {
      byModule.get(module)!.push(twin);
      presented.push(`  ${JSON.stringify(typeName)}: ${twin};\n`);
    }
  }
  const imports = [...byModule]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, names]) => `import type { ${names.sort().join(", ")} } from "./${module}.js";\n`);
  const exports = modules.map((module) => `export * from "./${module}.js";\n`);
  return `${HEADER}${imports.join("")}\n${exports.join("")}
/** The canonical JSON type of each message so generated, by its full proto name. */
export interface CanonicalTypes {
${entries.join("")}}

/** The public JSON type (\`withNulls\`: unset optional fields null) of each message so generated, by its full proto name. */
export interface PresentedTypes {
${presented.join("")}}
`;
}

const HEADER =
  "// Generated by scripts/generate-domain-types.ts from the .proto files: do not edit; run `npm run generate`.\n\n";

/** The rules as this generator reads them, through the image's own descriptor of the option. */
type FieldRules = Omit<ContractFieldRules, "$typeName" | "$unknown">;

/** What writing one module needs: the messages generated, the `rules` option, and the module's imports. */
interface Context {
  generated: Map<string, Source>;
  /** The value arrays' names already taken, across modules (`export *` would drop a name two modules export). */
  valueNames: Set<string>;
  /** The public twins of canonical messages (see `publicTwins`), by proto type name. */
  twins: Map<string, string>;
  /** The enums fields name as their value set (`values_enum`), by full name. */
  valueSets: Map<string, DescEnum>;
  rules: DescExtension;
  /** Records that the module imports `name` from `module`. */
  need: (module: string, name: string) => void;
}

function moduleText(file: DescFile, source: Source, shared: Omit<Context, "need">): string {
  const imports = new Map<string, Set<string>>();
  const need = (module: string, name: string) => {
    if (!imports.has(module)) imports.set(module, new Set());
    imports.get(module)!.add(name);
  };
  const body: string[] = [];
  for (const desc of file.enums) if (shared.valueSets.has(desc.typeName)) body.push(valueSetText(desc));
  for (const desc of file.messages) {
    if (source.skip?.includes(desc.typeName)) continue;
    body.push(valuesText(desc, shared));
    if (source.valuesOnly) continue;
    body.push(messageText(desc, source.unset, { ...shared, need }));
    const twin = shared.twins.get(desc.typeName);
    if (twin) body.push(twinText(desc, twin, { ...shared, need }));
    const built = source.built?.[desc.typeName];
    if (built) body.push(builtText(desc, built, { ...shared, need }));
    if (source.nulls?.includes(desc.typeName)) body.push(nullsText(desc, shared.rules));
  }
  const importLines = [...imports]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, names]) => `import type { ${[...names].sort().join(", ")} } from "${module}";\n`);
  return `${HEADER}${importLines.join("")}\n${body.join("\n")}`;
}

/** The value array's name of a field (see the header). */
const valuesName = (field: DescField) =>
  `${upperSnake(field.parent.name)}_${field.name.toUpperCase()}_VALUES`;

/** The array of an enum's value set (`values_enum`): `IgvRegime` → `IGV_REGIME_VALUES`. */
const valueSetName = (desc: DescEnum) => `${upperSnake(desc.name)}_VALUES`;

function valueSetText(desc: DescEnum): string {
  return `/** The values of \`${desc.name}\` (fields name it with \`values_enum\`), in the proto's order. */
export const ${valueSetName(desc)} = [${enumValueSet(desc)
    .map((v) => JSON.stringify(v))
    .join(", ")}] as const;

`;
}

/**
 * The field's `rules`, read through the image's own descriptor (fields by their local names); rules that contradict
 * each other or the field's type are refused.
 */
function fieldRules(field: DescField, rules: DescExtension): FieldRules | undefined {
  if (!hasOption(field, rules)) return undefined;
  const found = getOption(field, rules) as FieldRules;
  refuseContradictions(field, found);
  return found;
}

/** A readonly array of each string field's listed values, in the proto's order. */
function valuesText(desc: DescMessage, { rules, valueNames }: Omit<Context, "need">): string {
  const lines: string[] = [];
  for (const field of desc.fields) {
    const values = fieldRules(field, rules)?.values ?? [];
    if (values.length === 0) continue;
    const name = valuesName(field);
    if (valueNames.has(name)) throw new Error(`${field.toString()}: ${name} is already generated`);
    valueNames.add(name);
    const open = fieldRules(field, rules)?.open ? " (an open set: more may come)" : "";
    lines.push(
      `/** The values of \`${desc.name}.${field.name}\`${open}, in the proto's order. */\n`,
      `export const ${name} = [${values.map((v) => JSON.stringify(v)).join(", ")}] as const;\n\n`,
    );
  }
  return lines.join("");
}

/** The fields whose type differs between the message's two forms (they hold messages that do), with both types. */
function formDifferences(
  desc: DescMessage,
  context: Context,
): { field: DescField; nulls: string; absent: string }[] {
  return desc.fields.flatMap((field) => {
    const nulls = fieldType(field, desc, context, "null");
    const absent = fieldType(field, desc, context, "absent");
    return nulls === absent ? [] : [{ field, nulls, absent }];
  });
}

/**
 * The built form of a public message (see `Source.built`): the public type with each field that reaches a public
 * twin typed in the canonical form instead.
 */
function builtText(desc: DescMessage, name: string, context: Context): string {
  // `withNulls` reads a oneof's members by their own names but presents them under the oneof's: which of the two a
  // built message holds is not decided yet.
  if (desc.oneofs.length > 0)
    throw new Error(`${desc.typeName}: a oneof in a message generated in its built form is not supported`);
  const fields = formDifferences(desc, context);
  const lines = fields.map(({ field, absent }) => fieldLine(field, absent, "null", context.rules));
  const keys = fields.map(({ field }) => JSON.stringify(field.name)).join(" | ");
  const type = fields.length === 0 ? tsName(desc) : `Omit<${tsName(desc)}, ${keys}> & {\n${lines.join("")}}`;
  return `
/**
 * \`${tsName(desc)}\` as a service builds it: its unset optional fields null, the messages it holds in their
 * canonical form (\`withNulls\` presents it).
 */
export type ${name} = ${type};
`;
}

/** The message as an interface in the `unset` form, named `name` (a public twin) or its own TypeScript name. */
function messageText(desc: DescMessage, unset: Unset, context: Context, name = tsName(desc)): string {
  if (desc.nestedMessages.length > 0 || desc.nestedEnums.length > 0)
    throw new Error(`${desc.typeName}: nested types are not generated; declare them at the top level`);
  const twin =
    name === tsName(desc)
      ? ""
      : `/** \`${tsName(desc)}\` as the API answers it: unset optional fields null. */\n`;
  const lines = [twin || doc(desc, ""), `export interface ${name} {\n`];
  for (const member of desc.members) {
    if (member.kind === "oneof" && unset === "null") {
      // Presented under the oneof's name (`withNulls`): whichever member is set, or null.
      const types = member.fields.map((field) => fieldType(field, desc, context, unset));
      lines.push(doc(member, "  "), `  ${member.name}: ${types.join(" | ")} | null;\n`);
      continue;
    }
    for (const field of member.kind === "oneof" ? member.fields : [member])
      lines.push(
        doc(field, "  "),
        fieldLine(field, fieldType(field, desc, context, unset), unset, context.rules),
      );
  }
  lines.push("}\n");
  return lines.join("");
}

/**
 * A public twin (see `publicTwins`): its canonical type through `Presented`, the fields that reach other twins
 * named; an interface of its own where `Presented` cannot say it (a oneof, presented under its own name, or a field
 * left out when unset).
 */
function twinText(desc: DescMessage, name: string, context: Context): string {
  const own =
    desc.oneofs.length > 0 || desc.fields.some((f) => fieldRules(f, context.rules)?.absentWhenUnset);
  if (own) return messageText(desc, "null", context, name);
  const parts = formDifferences(desc, context).map(({ field, nulls }) => `  ${field.name}: ${nulls};\n`);
  context.need("./presented.js", "Presented");
  const partsText = parts.length > 0 ? `, {\n${parts.join("")}}` : "";
  return `/** \`${tsName(desc)}\` as the API answers it: unset optional fields null. */
export type ${name} = Presented<${tsName(desc)}${partsText}>;
`;
}

/** `Presented`, the public form of a canonical message type, read by the public twins. */
const PRESENTED_TEXT = `${HEADER}/**
 * A message's canonical type as the API answers it (\`withNulls\`): every field present, an optional one null when
 * unset; a field named in \`Parts\` holds that type instead (the public form of the message it reaches), null when
 * optional and unset.
 */
export type Presented<Canonical, Parts = Record<never, never>> = {
  [K in keyof Canonical]-?:
    | (K extends keyof Parts ? Parts[K] : Exclude<Canonical[K], undefined>)
    // Optional: a canonical JSON value is never undefined but where its key may be absent.
    | (undefined extends Canonical[K] ? null : never);
};
`;

/** A field's property, of type `type`, in a message of the `unset` form. */
function fieldLine(field: DescField, type: string, unset: Unset, rules: DescExtension): string {
  // A field left out when unset (or empty) is optional in the type, whatever its kind.
  const absentWhenUnset = fieldRules(field, rules)?.absentWhenUnset === true;
  if (!isOptionalField(field) && !absentWhenUnset) return `  ${field.name}: ${type};\n`;
  if (unset === "null" && !absentWhenUnset) return `  ${field.name}: ${type} | null;\n`;
  return `  ${field.name}?: ${type};\n`;
}

/** `<TYPE>_NULLS`: every optional field of the message null (see `Source.nulls`). */
function nullsText(desc: DescMessage, rules: DescExtension): string {
  const name = upperSnake(tsName(desc));
  // A field left out when unset is never null: it is not in the base.
  const keys = desc.fields.filter(
    (field) =>
      isOptionalField(field) &&
      field.oneof === undefined &&
      fieldRules(field, rules)?.absentWhenUnset !== true,
  );
  return `
/** A \`${tsName(desc)}\` with every optional field null: spread it first, then set what is known. */
export const ${name}_NULLS = {
${keys.map((field) => `  ${field.name}: null,\n`).join("")}} as const satisfies Partial<${tsName(desc)}>;
`;
}

/** The field's TypeScript type in a message of the `unset` form (a public message reaches public twins). */
function fieldType(field: DescField, parent: DescMessage, context: Context, unset: Unset): string {
  const { generated, need, twins } = context;
  const message = (desc: DescMessage) => {
    if (!generated.has(desc.typeName))
      throw new Error(`${field.toString()}: ${desc.typeName} is not generated`);
    const name = (unset === "null" ? twins.get(desc.typeName) : undefined) ?? tsName(desc);
    if (desc.file !== parent.file) need(`./${moduleOf(desc.file)}.js`, name);
    return name;
  };
  const scalar = (type: ScalarType) => scalarType(type, field, context);
  switch (field.fieldKind) {
    case "scalar":
      return scalar(field.scalar);
    case "enum":
      return enumType(field.enum.values.map((v) => v.name));
    case "message":
      return message(field.message);
    case "list": {
      const item =
        field.listKind === "message"
          ? message(field.message)
          : field.listKind === "enum"
            ? enumType(field.enum.values.map((v) => v.name))
            : scalar(field.scalar);
      return item.includes("|") ? `(${item})[]` : `${item}[]`;
    }
    case "map": {
      const value =
        field.mapKind === "message"
          ? message(field.message)
          : field.mapKind === "enum"
            ? enumType(field.enum.values.map((v) => v.name))
            : scalar(field.scalar);
      return `Record<string, ${value}>`;
    }
  }
}

const enumType = (names: string[]) => names.map((n) => JSON.stringify(n)).join(" | ");

/** A scalar as its proto3 JSON: 64-bit integers and bytes are strings. */
function scalarType(scalar: ScalarType, field: DescField, context: Context): string {
  switch (scalar) {
    case ScalarType.STRING:
      return stringType(field, context);
    case ScalarType.BOOL: {
      // A bool with one value (`bool_const`) is typed as that value.
      const only = fieldRules(field, context.rules)?.boolConst;
      return only === undefined ? "boolean" : String(only);
    }
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return "number";
    default:
      return "string";
  }
}

/**
 * A closed value set is a union of its values; an open one stays `string`, since a newer peer may send a value
 * this code does not list. Formats name the domain's string types.
 */
function stringType(field: DescField, { rules, need, valueSets }: Context): string {
  const fieldRule = fieldRules(field, rules);
  if (!fieldRule) return "string";
  const { values, open, format, valuesEnum } = fieldRule;
  const valueSet = valueSets.get(valuesEnum);
  if (valueSet && !open) {
    if (valueSet.file !== field.parent.file) need(`./${moduleOf(valueSet.file)}.js`, valueSetName(valueSet));
    return `(typeof ${valueSetName(valueSet)})[number]`;
  }
  if (values.length > 0 && !open) return `(typeof ${valuesName(field)})[number]`;
  // "amount" and "unsigned-decimal" are refinements of "decimal" (see FieldRules).
  if (format === "decimal" || format === "amount" || format === "unsigned-decimal") {
    need("../money.js", "Decimal");
    return "Decimal";
  }
  if (format === "date") {
    need("../money.js", "IsoDate");
    return "IsoDate";
  }
  return "string";
}

/** The proto element's leading comment as TSDoc (none when it has no comment). */
function doc(element: DescMessage | DescField | DescOneof, indent: string): string {
  const text = leadingComment(element);
  if (!text) return "";
  const lines = text.split("\n").map((line) => line.trim().replaceAll("*/", "*\\/"));
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} *${line ? ` ${line}` : ""}\n`).join("")}${indent} */\n`;
}

function format(name: string, text: string): string {
  return execFileSync(
    join(root, "node_modules", ".bin", "biome"),
    ["format", `--stdin-file-path=${join(outDir, name)}`],
    {
      cwd: root,
      input: text,
      encoding: "utf8",
    },
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = domainTypeFiles();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const [file, text] of files) writeFileSync(join(outDir, file), text);
  console.log(`wrote ${outDir}`);
}
