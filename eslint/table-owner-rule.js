/**
 * marktgasse/table-owner (decision 202): a file of modules/<m>/ imports from db/schema.ts only
 * the tables that apps/server/src/db/table-owners.json gives to <m>, and names no other
 * module's table in raw SQL, except what that map's `allowed` list admits for the file (each
 * with its reason). An export of the schema missing from the map is refused too, so a new
 * table gets an owner.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SERVER_SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../apps/server/src');
const SCHEMA = path.join(SERVER_SRC, 'db/schema.ts');
const MAP = JSON.parse(readFileSync(path.join(SERVER_SRC, 'db/table-owners.json'), 'utf8'));

/** export name → owning module */
const OWNER = new Map(
  Object.entries(MAP.owners).flatMap(([module, tables]) => tables.map((table) => [table, module])),
);
/** SQL name (orders, seller_orders) → export name */
const BY_SQL_NAME = new Map(
  [...OWNER.keys()].map((name) => [name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), name]),
);
const SQL_TABLE = new RegExp(
  `\\b(?:from|join|update|into)\\s+"?(${[...BY_SQL_NAME.keys()].join('|')})"?(?![\\w"])`,
  'gi',
);

function allowedFor(file) {
  return new Set(MAP.allowed.filter((entry) => entry.file === file).flatMap((entry) => entry.tables));
}

export const tableOwnerRule = {
  meta: {
    type: 'problem',
    docs: { description: "A module's files use only the tables its module owns (db/table-owners.json)." },
    schema: [],
    messages: {
      foreign:
        "Table '{{table}}' belongs to the {{owner}} module, not {{module}}: reach it through the {{owner}} service (or list the exception with its reason in db/table-owners.json).",
      unowned: "Table '{{table}}' has no owner module: add it to db/table-owners.json.",
    },
  },
  create(context) {
    const file = path.relative(SERVER_SRC, context.filename).split(path.sep).join('/');
    const match = /^modules\/([^/]+)\//.exec(file);
    if (!match) return {};
    const module = match[1];
    const allowed = allowedFor(file);
    const check = (node, table) => {
      const owner = OWNER.get(table);
      if (!owner) return context.report({ node, messageId: 'unowned', data: { table } });
      if (owner !== module && !allowed.has(table))
        context.report({ node, messageId: 'foreign', data: { table, owner, module } });
    };
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (!source.startsWith('.')) return;
        if (path.resolve(path.dirname(context.filename), source) !== SCHEMA) return;
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
          check(specifier, specifier.imported.name);
        }
      },
      TemplateElement(node) {
        for (const found of node.value.raw.matchAll(SQL_TABLE))
          check(node, BY_SQL_NAME.get(found[1].toLowerCase()));
      },
    };
  },
};

export const localPlugin = { rules: { 'table-owner': tableOwnerRule } };
