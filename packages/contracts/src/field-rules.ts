import {
  createRegistry,
  type DescEnum,
  type DescField,
  type DescFile,
  getOption,
  hasOption,
  type Registry,
  ScalarType,
} from "@bufbuild/protobuf";
import * as contracts from "@einvoice/proto";
import { type FieldRules, rules } from "@einvoice/proto";

const isFile = (value: unknown): value is DescFile =>
  typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "file";

/** The contracts: every enum a `values_enum` can name, in any file, imported by the field's file or not. */
const CONTRACTS: Registry = createRegistry(
  ...[...Object.values(contracts), ...Object.values(contracts.api)].filter(isFile),
);

/**
 * The rules of every field of the contracts, read once when the module loads: every presented document and every
 * schema walks the same descriptors, and reading an option decodes it again each time.
 */
const CONTRACT_RULES: ReadonlyMap<DescField, FieldRules | undefined> = new Map(
  [...CONTRACTS].flatMap((type) =>
    type.kind === "message" ? type.fields.map((field) => [field, readRules(field)] as const) : [],
  ),
);

/**
 * A field's `einvoice.common.v1.rules`, its `values` read from the enum `values_enum` names when it names one (a
 * value set declared once); undefined when the field has no rules. A field of the contracts is looked up; another
 * (a descriptor built from an image, as the generators read) is read on each call.
 */
export function fieldRules(field: DescField): FieldRules | undefined {
  return CONTRACT_RULES.has(field) ? CONTRACT_RULES.get(field) : readRules(field);
}

function readRules(field: DescField): FieldRules | undefined {
  const found = hasOption(field, rules) ? getOption(field, rules) : undefined;
  if (found) refuseContradictions(field, found);
  return found?.valuesEnum ? { ...found, values: valueSetOf(field, found) } : found;
}

/** Refuses, naming the field, rules that contradict each other or the field's type (read here or by a generator). */
export function refuseContradictions(
  field: DescField,
  found: Pick<FieldRules, "values" | "valuesEnum" | "boolConst">,
): void {
  if (found.values.length > 0 && found.valuesEnum)
    throw new Error(`${field.toString()}: rules give both values and values_enum`);
  if (found.boolConst !== undefined && !(field.fieldKind === "scalar" && field.scalar === ScalarType.BOOL))
    throw new Error(`${field.toString()}: bool_const on a field that is not a bool`);
}

/** The values of a field whose rules name a `values_enum`, the enum found among the contracts. */
function valueSetOf(field: DescField, fieldRules: { valuesEnum: string }): string[] {
  const desc: DescEnum | undefined = CONTRACTS.getEnum(fieldRules.valuesEnum);
  if (!desc) throw new Error(`${field.toString()}: values_enum ${fieldRules.valuesEnum} is not a known enum`);
  return enumValueSet(desc);
}

/** `DocumentResource` → `DOCUMENT_RESOURCE`: a proto name as an enum value's prefix or a constant's name. */
export function upperSnake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
}

/**
 * The value set an enum declares (see `values_enum` in field_rules.proto): `IGV_REGIME_GENERAL` is "general",
 * `TAX_SCHEME_1000` "1000". The prefix left out is the enum's name in upper snake case (what `buf lint` asks of
 * every value), not protobuf-es's `sharedPrefix`, which keeps it where a digit would follow.
 */
export function enumValueSet(desc: DescEnum): string[] {
  const prefix = `${upperSnake(desc.name)}_`;
  if (!desc.values.every((v) => v.name.startsWith(prefix) && v.name.length > prefix.length))
    throw new Error(`${desc.typeName}: its values share no prefix to leave out (${prefix})`);
  return desc.values.filter((v) => v.number !== 0).map((v) => v.name.slice(prefix.length).toLowerCase());
}
