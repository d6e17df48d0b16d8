import type { z } from 'zod';

/** Turns an answer into its JSON text. */
export type Serialize = (value: unknown) => string;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

// JSON.stringify's rules for what it writes: a non-finite number is null.
const num = (v: unknown) => (Number.isFinite(v) ? `${v as number}` : 'null');
const str = (v: unknown) => JSON.stringify(v) as string;
const bool = (v: unknown) => (v ? 'true' : 'false');

/**
 * A serializer compiled once from a response's zod schema, for hot endpoints (route option
 * `fastSerialize`): it writes the schema's keys in the schema's order, as zod's encode followed by
 * JSON.stringify does, without re-validating every value (zod's run and a copy of the answer were
 * a visible share of the item list's CPU profile, docs/performance.md). Keys the schema does not
 * name are left out, as zod strips them. Types are trusted to TypeScript; the perf-serialize test
 * compares the output with zod's. Only plain shapes are supported (objects, arrays, strings,
 * numbers, booleans, enums, literals, nullable, optional); anything else (transforms, codecs,
 * dates, unions) throws here, at start-up, so an endpoint keeps zod's serializer.
 */
export function compileSerializer(schema: z.ZodType): Serialize {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return str;
    case 'number':
      return num;
    case 'boolean':
      return bool;
    case 'enum':
    case 'literal':
      // Enum and literal values are strings or numbers; JSON.stringify writes both.
      return str;
    case 'nullable': {
      const inner = compileSerializer(def.innerType!);
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'array': {
      const item = compileSerializer(def.element!);
      return (v) => {
        const a = v as unknown[];
        if (a.length === 0) return '[]';
        let out = `[${item(a[0])}`;
        for (let i = 1; i < a.length; i++) out += `,${item(a[i])}`;
        return `${out}]`;
      };
    }
    case 'object': {
      const fields = Object.entries(def.shape!).map(([key, s]) => {
        const optional = defOf(s).type === 'optional';
        return {
          key,
          prefix: `${JSON.stringify(key)}:`,
          optional,
          write: compileSerializer(optional ? defOf(s).innerType! : s),
        };
      });
      return (v) => {
        const o = v as Record<string, unknown>;
        let out = '';
        for (const f of fields) {
          const value = o[f.key];
          // JSON.stringify leaves out an undefined property; zod refuses one unless optional.
          if (value === undefined) {
            if (f.optional) continue;
            throw new Error(`compileSerializer: required field ${f.key} is missing`);
          }
          out += out ? `,${f.prefix}${f.write(value)}` : f.prefix + f.write(value);
        }
        return `{${out}}`;
      };
    }
    default:
      throw new Error(`compileSerializer: a ${def.type} schema is not supported`);
  }
}
