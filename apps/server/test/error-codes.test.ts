import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@sk-tanaw/contract';

// The web shows a Filipino text for every error code the server can send, so the
// contract's ERROR_CODES must list them all. This reads the server's source and collects every
// code: the code argument of the error helpers (badRequest(message, 'CODE'), ...), the default
// code of each helper, `new AppError('CODE', ...)`, and `code: 'CODE'` in an answer body that
// has `success: false`.

const SRC = join(import.meta.dirname, '../src');
const HELPERS = new Set([
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'conflict',
  'tooMany',
  'payloadTooLarge',
  'insufficientStorage',
]);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The string literals of an expression and of the expressions inside it. */
function literalsIn(node: ts.Node): string[] {
  if (ts.isStringLiteralLike(node)) {
    return [node.text];
  }
  const found: string[] = [];
  ts.forEachChild(node, (child) => {
    found.push(...literalsIn(child));
  });
  return found;
}

export function serverErrorCodes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files(SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const where = (node: ts.Node) =>
      `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        // The helpers take (message, code); the tracker's unprocessable takes (code, message).
        const name = node.expression.text;
        const code = HELPERS.has(name)
          ? node.arguments[1]
          : name === 'unprocessable'
            ? node.arguments[0]
            : undefined;
        if (code) {
          // A literal, or each branch of a choice (`device ? 'DEVICE_LOCKED' : 'ACCOUNT_LOCKED'`).
          for (const literal of literalsIn(code)) {
            found.set(literal, where(node));
          }
        }
      }
      if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'AppError'
      ) {
        const code = node.arguments?.[0];
        if (code && ts.isStringLiteralLike(code)) {
          found.set(code.text, where(node));
        }
      }
      // The helpers' own defaults: `(message: string, code = 'BAD_REQUEST') =>`.
      if (
        ts.isParameter(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text === 'code' &&
        node.initializer &&
        ts.isStringLiteralLike(node.initializer)
      ) {
        found.set(node.initializer.text, where(node));
      }
      if (ts.isObjectLiteralExpression(node)) {
        const property = (name: string) =>
          node.properties.find(
            (p): p is ts.PropertyAssignment =>
              ts.isPropertyAssignment(p) && p.name.getText(source) === name,
          );
        const success = property('success');
        const code = property('code');
        if (
          success?.initializer.kind === ts.SyntaxKind.FalseKeyword &&
          code &&
          ts.isStringLiteralLike(code.initializer)
        ) {
          found.set(code.initializer.text, where(node));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('error codes', () => {
  it('lists in the contract every code the server sends', () => {
    const missing = [...serverErrorCodes()]
      .filter(([code]) => !(ERROR_CODES as readonly string[]).includes(code))
      .map(([code, at]) => `${code} (${at})`);
    expect(missing).toEqual([]);
  });

  it('lists no code the server no longer sends', () => {
    const sent = serverErrorCodes();
    expect(ERROR_CODES.filter((code) => !sent.has(code))).toEqual([]);
  });
});
