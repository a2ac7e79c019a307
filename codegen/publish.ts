// Splits the source contract (openapi.yaml: full paths from the root of the deployment, one
// server `/`) into the documents clients see, one per entry of `x-documents`: its paths, relative
// to its one server, and only the components, tags and security schemes they use. No I/O here.
import type { JsonSchema, OpenApiDoc } from './model.ts';
import { resolvePointer } from './refs.ts';

export interface DocumentEntry {
  server: string;
  info: Record<string, unknown>;
  security?: Record<string, string[]>[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The `x-documents` entries, checked: servers are absolute path prefixes that do not nest. */
export function documentEntries(doc: OpenApiDoc): Record<string, DocumentEntry> {
  const entries = (doc['x-documents'] ?? {}) as Record<string, DocumentEntry>;
  const servers = Object.values(entries).map((e) => e.server);
  for (const [name, e] of Object.entries(entries)) {
    if (!/^(\/[a-z0-9._-]+)+$/.test(e.server))
      throw new Error(`x-documents.${name}: server must be a path like /developer/v1`);
    if (servers.some((o) => o !== e.server && e.server.startsWith(o + '/')))
      throw new Error(`x-documents.${name}: server nests in another document's`);
  }
  return entries;
}

/** The document a full path belongs to, or null (served at the root, e.g. the JWKS). */
export function documentOf(doc: OpenApiDoc, path: string): { name: string; server: string; path: string } | null {
  for (const [name, e] of Object.entries(documentEntries(doc))) {
    if (path.startsWith(e.server + '/')) return { name, server: e.server, path: path.slice(e.server.length) };
  }
  return null;
}

/** Every `#/components/<kind>/<name>` reference below `node`. */
function refsIn(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) for (const n of node) refsIn(n, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.add(v);
      else refsIn(v, out);
    }
  }
}

function securitySchemesIn(security: unknown, out: Set<string>): void {
  for (const req of (security as Record<string, unknown>[] | undefined) ?? [])
    for (const name of Object.keys(req)) out.add(`#/components/securitySchemes/${name}`);
}

export function publishDocuments(doc: OpenApiDoc): Map<string, object> {
  const published = new Map<string, object>();
  const components = (doc.components ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, entry] of Object.entries(documentEntries(doc))) {
    const paths: Record<string, unknown> = {};
    const used = new Set<string>();
    const tags = new Set<string>();
    let hasMcp = false;
    for (const [full, item] of Object.entries(doc.paths)) {
      const where = documentOf(doc, full);
      if (where?.name !== name) continue;
      paths[where.path] = item;
      refsIn(item, used);
      for (const method of METHODS) {
        const op = (item as unknown as Record<string, Record<string, unknown> | undefined>)[method];
        if (!op) continue;
        for (const t of (op.tags as string[] | undefined) ?? []) tags.add(t);
        securitySchemesIn(op.security, used);
        if ((op['x-mcp'] as unknown[] | undefined)?.length) hasMcp = true;
      }
    }
    securitySchemesIn(entry.security, used);
    // The MCP-only tools are documented beside the operations that are MCP tools too, each in the
    // document whose tool server serves it (the developer one unless it names another).
    const ownTools = (doc['x-mcp-extra-tools'] ?? []).filter((t) => (t.document ?? 'developer') === name);
    const extraTools = hasMcp && ownTools.length ? ownTools : undefined;
    if (extraTools) refsIn(extraTools, used);
    // Close over references between components.
    for (let grew = true; grew; ) {
      grew = false;
      for (const ref of [...used]) {
        const target = resolvePointer(doc, ref);
        const before = used.size;
        refsIn(target, used);
        if (used.size > before) grew = true;
      }
    }
    const kept: Record<string, Record<string, unknown>> = {};
    for (const [kind, group] of Object.entries(components)) {
      const entries = Object.entries(group).filter(([key]) => used.has(`#/components/${kind}/${key}`));
      if (entries.length) kept[kind] = Object.fromEntries(entries);
    }
    published.set(name, {
      openapi: doc.openapi,
      info: entry.info,
      servers: [{ url: entry.server, description: 'This deployment.' }],
      ...(entry.security ? { security: entry.security } : {}),
      tags: ((doc.tags ?? []) as { name: string }[]).filter((t) => tags.has(t.name)),
      ...(extraTools ? { 'x-mcp-extra-tools': extraTools } : {}),
      paths,
      components: kept,
    });
  }
  return published;
}

/**
 * Fails when a response schema declares a `$schema` property: generated clients map `$schema`
 * and `schema` to one name (openapi-python-client then drops the whole model), and no response
 * carries one. Request schemas may keep the optional `$schema`.
 */
export function checkResponseSchemas(doc: OpenApiDoc): void {
  const seen = new Set<unknown>();
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, where);
      return;
    }
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const obj = node as JsonSchema;
    if (typeof obj.$ref === 'string') {
      visit(resolvePointer(doc, obj.$ref), obj.$ref);
    }
    if (obj.properties && typeof obj.properties === 'object' && '$schema' in obj.properties) {
      throw new Error(`${where}: a response schema declares a $schema property`);
    }
    for (const v of Object.values(obj)) visit(v, where);
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = (item as unknown as Record<string, { responses?: unknown } | undefined>)[method];
      if (op?.responses) visit(op.responses, `${method.toUpperCase()} ${path}`);
    }
  }
}
