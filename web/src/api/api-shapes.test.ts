/**
 * The web client writes no HTTP body by hand: every shape comes from the types generated from the
 * server's OpenAPI document. A shape the document describes too loosely is mended in the route's
 * schema (then `npm run api:types`), not declared here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const FOLDER = path.dirname(fileURLToPath(import.meta.url));

/** Declarations that may hold an object type, and why none of them is a body. */
const ALLOWED: Record<string, string> = {
  ChatHandlers: 'the callbacks a streamed chat turn calls',
  RoundHandlers: 'the callbacks a streamed conference round calls',
  ToolRun: 'its result is each tool’s own shape, which the caller names',
  StreamEvent: 'a server-sent event frame, beneath the bodies it carries',
  createEventParser: 'the parser of those frames',
};

/** Where a hand-written shape is declared in `source`, as `name: line` (empty when none is). */
export function handWrittenShapes(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string): void => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${fileName}:${line + 1} ${what}`);
  };
  const visit = (node: ts.Node, owner: string | null): void => {
    if (owner !== null && owner in ALLOWED) return;
    if (ts.isInterfaceDeclaration(node)) {
      if (!(node.name.text in ALLOWED)) report(node, `interface ${node.name.text}`);
      return;
    }
    if (ts.isTypeLiteralNode(node)) return report(node, `object type in ${owner ?? 'an expression'}`);
    if (ts.isImportDeclaration(node) && importsTypesFromOutside(node)) return report(node, 'types imported from outside the generated ones');
    if (ts.isConditionalTypeNode(node)) {
      // A conditional type's `extends` clause is a pattern that reads a generated type apart.
      for (const part of [node.checkType, node.trueType, node.falseType]) visit(part, owner);
      return;
    }
    if (ts.isTypeParameterDeclaration(node)) {
      // A constraint says what a parameter may be, it describes no body.
      if (node.default) visit(node.default, owner);
      return;
    }
    const name = ts.isTypeAliasDeclaration(node) || ts.isClassDeclaration(node) || ts.isFunctionDeclaration(node) ? (node.name?.text ?? owner) : owner;
    ts.forEachChild(node, (child) => visit(child, name));
  };
  visit(file, null);
  return found;
}

/** A type-only import of a module other than the client's own files (src/protocol, say). */
function importsTypesFromOutside(node: ts.ImportDeclaration): boolean {
  const from = (node.moduleSpecifier as ts.StringLiteral).text;
  if (from.startsWith('./')) return false;
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.some((element) => element.isTypeOnly);
}

const clientFiles = readdirSync(FOLDER).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('the web client’s HTTP shapes', () => {
  it('are all read from the generated types', () => {
    const found = clientFiles.flatMap((name) => handWrittenShapes(name, readFileSync(path.join(FOLDER, name), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches a body written by hand, inline, as an interface or from the protocol', () => {
    const source = [
      "import type { Agent } from '../../../src/protocol/index.js';",
      'export interface NotificationList { waiting: number }',
      "const agents = () => request<{ agents: Agent[] }>('/api/agents');",
      'type Run = { id: string };',
    ].join('\n');
    expect(handWrittenShapes('sample.ts', source)).toEqual([
      'sample.ts:1 types imported from outside the generated ones',
      'sample.ts:2 interface NotificationList',
      'sample.ts:3 object type in an expression',
      'sample.ts:4 object type in Run',
    ]);
  });

  it('lets a pattern over the generated types through', () => {
    const source = "type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;\ntype E<T extends { event: string }> = T;";
    expect(handWrittenShapes('sample.ts', source)).toEqual([]);
  });
});
