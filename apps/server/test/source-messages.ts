/**
 * Finds every message the API can send by reading the source with the TypeScript parser
 * (src/i18n/messages.test.ts uses it to prove the catalogue translates all of them).
 * A message comes back as its "shape": the literal text with every `${…}` (or catalogue
 * `{name}`) replaced by `{}`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface SourceMessage {
  shape: string;
  file: string;
  line: number;
}

/** The helpers of lib/errors.ts (and PayPal's local `unavailable`): their first argument is the detail. */
const ERROR_HELPERS = new Set([
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'conflict',
  'tooLarge',
  'unsupportedMedia',
  'tooMany',
  'unavailable',
]);

/** zod methods whose string argument is the message shown when the check fails. */
const ZOD_MESSAGE_METHODS = new Set([
  'min',
  'max',
  'length',
  'gt',
  'gte',
  'lt',
  'lte',
  'multipleOf',
  'regex',
  'int',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'nonempty',
  'email',
  'url',
  'uuid',
  'refine',
  'startsWith',
  'endsWith',
  'includes',
]);

/** zod constructors/methods that take `{ message }` / `{ error }` options. */
const ZOD_OPTION_METHODS = new Set([
  ...ZOD_MESSAGE_METHODS,
  'number',
  'string',
  'enum',
  'boolean',
  'array',
  'object',
  'date',
  'iso',
]);

/** `{name}` of the catalogue or `${expr}` of the source → `{}`. */
export function shapeOf(englishTemplate: string): string {
  return englishTemplate.replace(/\{[A-Za-z_][\w]*\}/g, '{}');
}

function walkFiles(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules') walkFiles(full, out);
    } else if (
      name.endsWith('.ts') &&
      !name.endsWith('.test.ts') &&
      !name.endsWith('.integration-test.ts') &&
      !name.endsWith('.d.ts')
    ) {
      out.push(full);
    }
  }
}

function literalShapes(
  node: ts.Node,
  consts: Map<string, ts.Expression>,
  seen = new Set<ts.Node>(),
): string[] {
  if (seen.has(node)) return [];
  seen.add(node);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    return [node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('')];
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node))
    return literalShapes(node.expression, consts, seen);
  if (ts.isConditionalExpression(node)) {
    return [...literalShapes(node.whenTrue, consts, seen), ...literalShapes(node.whenFalse, consts, seen)];
  }
  if (
    ts.isBinaryExpression(node) &&
    (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  ) {
    return [...literalShapes(node.left, consts, seen), ...literalShapes(node.right, consts, seen)];
  }
  if (ts.isIdentifier(node)) {
    const init = consts.get(node.text);
    return init ? literalShapes(init, consts, seen) : [];
  }
  return [];
}

function propertyName(node: ts.ObjectLiteralElementLike): string | null {
  if (!node.name) return null;
  if (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) return node.name.text;
  return null;
}

function optionMessages(arg: ts.Expression, consts: Map<string, ts.Expression>): string[] {
  if (!ts.isObjectLiteralExpression(arg)) return [];
  return arg.properties.flatMap((p) =>
    ts.isPropertyAssignment(p) && (propertyName(p) === 'message' || propertyName(p) === 'error')
      ? literalShapes(p.initializer, consts)
      : [],
  );
}

function scanFile(file: string, kind: 'server' | 'shared'): SourceMessage[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const consts = new Map<string, ts.Expression>();
  const visitConsts = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      consts.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visitConsts);
  };
  visitConsts(source);

  const found: SourceMessage[] = [];
  const add = (node: ts.Node, shapes: string[]) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    for (const shape of shapes) {
      if (shape.trim()) found.push({ shape, file, line });
    }
  };

  const visit = (node: ts.Node): void => {
    // `const message = …`, `OWN_PRODUCT_MESSAGE = …`, `(message = 'default') =>`
    if (
      (ts.isVariableDeclaration(node) || ts.isParameter(node)) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      /message$/i.test(node.name.text)
    ) {
      add(node, literalShapes(node.initializer, consts));
    }
    // Tables of fixed sentences (STATUS_SENTENCES, …MESSAGES).
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      /(SENTENCES|MESSAGES)$/.test(node.name.text) &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const p of node.initializer.properties) {
        if (ts.isPropertyAssignment(p)) add(p, literalShapes(p.initializer, consts));
      }
    }
    if (kind === 'server') {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        ERROR_HELPERS.has(node.expression.text)
      ) {
        const first = node.arguments[0];
        if (first) add(node, literalShapes(first, consts));
      }
      // idParam(value, 'order item') answers '"…" is not a valid order item id.' for a bad id.
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'idParam'
      ) {
        const what = node.arguments[1];
        if (what)
          add(
            node,
            literalShapes(what, consts).map((kind) => `"{}" is not a valid ${kind} id.`),
          );
      }
      if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'AppError'
      ) {
        const second = node.arguments?.[1];
        if (second) add(node, literalShapes(second, consts));
      }
      // `{ detail: … }`, `detail = …`, `let detail = …`, and `{ field, message: … }`
      if (ts.isPropertyAssignment(node) && propertyName(node) === 'detail') {
        add(node, literalShapes(node.initializer, consts));
      }
      if (
        ts.isPropertyAssignment(node) &&
        propertyName(node) === 'message' &&
        ts.isObjectLiteralExpression(node.parent) &&
        node.parent.properties.some((p) => propertyName(p) === 'field')
      ) {
        add(node, literalShapes(node.initializer, consts));
      }
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isIdentifier(node.left) &&
        node.left.text === 'detail'
      ) {
        add(node, literalShapes(node.right, consts));
      }
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text === 'detail' &&
        node.initializer
      ) {
        add(node, literalShapes(node.initializer, consts));
      }
    } else {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        for (const arg of node.arguments) {
          if (ZOD_MESSAGE_METHODS.has(method)) add(arg, literalShapes(arg, new Map()));
          if (ZOD_OPTION_METHODS.has(method)) add(arg, optionMessages(arg, consts));
        }
      }
      // ctx.addIssue({ code: 'custom', message: … })
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'addIssue'
      ) {
        const first = node.arguments[0];
        if (first) add(node, optionMessages(first, consts));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export interface SourceRoots {
  /** apps/server/src */
  server: string;
  /** packages/shared/src */
  shared: string;
}

export function defaultRoots(): SourceRoots {
  const serverSrc = path.resolve(import.meta.dirname, '../src');
  return { server: serverSrc, shared: path.resolve(serverSrc, '../../../packages/shared/src') };
}

/** Every message shape the server can send, with where it was found (deduplicated by shape). */
export function collectSourceMessages(roots: SourceRoots = defaultRoots()): SourceMessage[] {
  const serverFiles: string[] = [];
  walkFiles(roots.server, serverFiles);
  const sharedFiles: string[] = [];
  walkFiles(roots.shared, sharedFiles);
  const i18nDir = path.join(roots.server, 'i18n') + path.sep;
  const all = [
    ...serverFiles.filter((f) => !f.startsWith(i18nDir)).flatMap((f) => scanFile(f, 'server')),
    ...sharedFiles.flatMap((f) => scanFile(f, 'shared')),
  ];
  const byShape = new Map<string, SourceMessage>();
  for (const m of all) if (!byShape.has(m.shape)) byShape.set(m.shape, m);
  return [...byShape.values()];
}
