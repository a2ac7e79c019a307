// The one `$ref` resolver of the repository: codegen resolves every reference of openapi.yaml
// here, so nothing at run time follows a `$ref` of the contract (the generated tables carry what
// the references say).

/** Resolves a local reference (`#/components/...`), following chains; other values pass through. */
export function deref<T>(doc: object, value: T): T {
  let current: unknown = value;
  for (let i = 0; i < 10 && current && typeof current === 'object' && '$ref' in current; i++) {
    current = resolvePointer(doc, (current as { $ref: string }).$ref);
  }
  return current as T;
}

/** The value a local JSON pointer reference (`#/a/b`) names; fails when it names nothing. */
export function resolvePointer(doc: object, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      doc,
    );
  if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
  return target;
}

/**
 * Inlines every $ref so a schema stands alone (an MCP tool schema, the spec schema a model reads).
 * `omit` says which keys are left out (vendor extensions at least: codegen carries them in tables
 * of their own).
 */
export function inlineRefs(
  doc: object,
  schema: unknown,
  omit: (key: string) => boolean = (k) => k.startsWith('x-'),
  seen: string[] = [],
): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlineRefs(doc, s, omit, seen));
  if (!schema || typeof schema !== 'object') return schema;
  const obj = schema as Record<string, unknown>;
  if (typeof obj.$ref === 'string') {
    if (seen.includes(obj.$ref)) throw new Error(`recursive schema ${obj.$ref} cannot be inlined`);
    const { $ref, ...rest } = obj;
    return {
      ...(inlineRefs(doc, deref(doc, { $ref }), omit, [...seen, $ref as string]) as object),
      ...(inlineRefs(doc, rest, omit, seen) as object),
    };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (omit(k)) continue;
    out[k] = inlineRefs(doc, v, omit, seen);
  }
  return out;
}
