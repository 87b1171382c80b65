import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Libraries a process loads only when it needs them, never at start-up: together about 70 MB of
 * resident memory that a council's single process on SQLite would otherwise carry all day
 * (`npm run bench rawdata` prints the idle and peak figures). The documents' writers load with
 * the first document, sharp with the first photo, the S3 SDK and the Redis client only when
 * configured.
 */
const LOADED_ON_DEMAND = ['pdfkit', 'fontkit', 'exceljs', 'sharp', '@aws-sdk/', 'ioredis'];

const serverSrc = resolve(import.meta.dirname, '../src');

/** What a module loads when it is loaded: its static imports and re-exports that are not type-only. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (
      ts.isImportDeclaration(statement) &&
      statement.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      found.push(statement.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** Every package reachable from `entry` through static imports, with the path that reaches it. */
function packagesLoadedAtStart(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, path: string[]) => {
    if (seen.has(file)) {
      return;
    }
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        if (existsSync(target)) {
          visit(target, [...path, relative(serverSrc, target)]);
        }
      } else if (!packages.has(specifier)) {
        packages.set(specifier, path);
      }
    }
  };
  visit(entry, [relative(serverSrc, entry)]);
  return packages;
}

describe('what the server loads at start-up', () => {
  it('leaves the document writers, sharp, the S3 SDK and the Redis client for later', () => {
    const packages = packagesLoadedAtStart(join(serverSrc, 'main.ts'));
    // The walk itself works: the server's own framework is found.
    expect(packages.has('fastify')).toBe(true);
    const early = [...packages.entries()]
      .filter(([name]) => LOADED_ON_DEMAND.some((lazy) => name === lazy || name.startsWith(lazy)))
      .map(([name, path]) => `${name} via ${path.join(' > ')}`);
    expect(early).toEqual([]);
  });

  it('sees a static import of one of them (the check can fail)', () => {
    const packages = packagesLoadedAtStart(join(serverSrc, 'lib/documents/pdf.ts'));
    expect(packages.has('pdfkit')).toBe(true);
  });
});
