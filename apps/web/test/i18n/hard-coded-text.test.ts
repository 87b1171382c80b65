import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A user-facing string written into JSX instead of a catalogue fails this test. It
// reads every .tsx file of src and reports JSX text with a letter in it, and string literals
// given to the attributes people read or hear (label, title, aria-label, placeholder, alt, helper
// text).

const SRC = join(import.meta.dirname, '../../src');

/** Every screen is translated: the whole of src is checked. */
const TRANSLATED = ['.'];

/** Attributes whose string value is read or heard by the user. */
const READ_ATTRIBUTES = new Set([
  'label',
  'title',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'placeholder',
  'alt',
  'helperText',
  'primary',
  'secondary',
  'tooltip',
  'emptyText',
  'emptyMessage',
]);

/** Words that are the same in both languages: the product's name and official terms. */
const SAME_IN_BOTH = /\b(SK Tanaw|SK|KK|PPA|ABYIP|CBYDP|MOOE|PS|CO|LGU)\b/g;

function tsxFiles(path: string): string[] {
  const full = join(SRC, path);
  if (full.endsWith('.tsx')) {
    return [full];
  }
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? tsxFiles(join(path, entry.name))
      : entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')
        ? [join(full, entry.name)]
        : [],
  );
}

function hardCoded(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (/\p{L}/u.test(trimmed.replace(SAME_IN_BOTH, ''))) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${relative(SRC, file)}:${line + 1}: ${trimmed}`);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      report(node, node.text);
    } else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isJsxElement(node.parent) &&
      (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression))
    ) {
      report(node, node.expression.text);
    } else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) {
        report(node, value.text);
      } else if (
        value &&
        ts.isJsxExpression(value) &&
        value.expression &&
        (ts.isStringLiteral(value.expression) ||
          ts.isNoSubstitutionTemplateLiteral(value.expression))
      ) {
        report(node, value.expression.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no hard-coded text in translated screens', () => {
  it('finds each kind of text it looks for, and passes translated text', () => {
    const sample = [
      'const a = <p>Save the plan</p>;',
      'const b = <Button aria-label="Close dialog">{t(\'common.close\')}</Button>;',
      "const c = <TextField label={'Amount'} />;",
      "const d = <span>{'Ongoing'}</span>;",
      'const e = <Box sx={{ p: 1 }} variant="outlined">{t(\'common.save\')} | SK Tanaw</Box>;',
    ].join('\n');
    expect(hardCoded(join(SRC, 'sample.tsx'), sample)).toEqual([
      'sample.tsx:1: Save the plan',
      'sample.tsx:2: Close dialog',
      'sample.tsx:3: Amount',
      'sample.tsx:4: Ongoing',
    ]);
  });

  it.each(TRANSLATED)('%s', (path) => {
    expect(tsxFiles(path).flatMap((file) => hardCoded(file))).toEqual([]);
  });
});
