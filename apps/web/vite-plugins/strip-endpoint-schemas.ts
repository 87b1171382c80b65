import { parseSync } from 'vite';
import type { Plugin } from 'vite';

/** The properties of an endpoint definition that hold zod schemas (contract endpoints.ts). */
const SCHEMA_KEYS = new Set(['response', 'body', 'query']);

/** A pure call of a function that builds the value: dropped whole (arguments too) when unused. */
const PURE_OPEN = '/* @__PURE__ */ (() => (';
const PURE_CLOSE = '))()';

/** Values with nothing to evaluate: left as they are. */
const PLAIN = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

type Edit = { at: number; end: number; text: string };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function keyName(property: Node): string | null {
  const key = property.key as Node | undefined;
  if (property.type !== 'Property' || property.computed === true || !key) {
    return null;
  }
  if (key.type === 'Identifier') {
    return key.name as string;
  }
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : null;
}

/** `response: void 0` (and so on) for the schema properties of every `defineEndpoint({...})`. */
function schemaEdits(node: Node, edits: Edit[]): void {
  if (node.type === 'CallExpression') {
    const callee = node.callee as Node;
    const [argument] = node.arguments as Node[];
    if (
      callee.type === 'Identifier' &&
      callee.name === 'defineEndpoint' &&
      argument?.type === 'ObjectExpression'
    ) {
      for (const property of argument.properties as Node[]) {
        const name = keyName(property);
        if (name !== null && SCHEMA_KEYS.has(name)) {
          edits.push({ at: property.start, end: property.end, text: `${name}: void 0` });
        }
      }
    }
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value.filter(isNode)) {
        schemaEdits(child, edits);
      }
    } else if (isNode(value)) {
      schemaEdits(value, edits);
    }
  }
}

/**
 * Every top-level `const X = value` (where the value computes something) becomes
 * `const X = /* @__PURE__ *\/ (() => (value))()`: a schema nobody uses is dropped. A pure mark on the call itself would not do: the bundler
 * still evaluates its arguments (the fields' schemas) when they call into other modules.
 */
function pureEdits(program: Node, source: string, edits: Edit[]): void {
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration'
        ? (statement.declaration as Node | null)
        : statement;
    if (declaration?.type !== 'VariableDeclaration') {
      continue;
    }
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      // (`await` inside the wrapping arrow function would not parse: such a value stays.)
      if (init && !PLAIN.has(init.type) && !source.slice(init.start, init.end).includes('await')) {
        edits.push({ at: init.end, end: init.end, text: PURE_CLOSE });
        edits.push({ at: init.start, end: init.start, text: PURE_OPEN });
      }
    }
  }
}

/**
 * The contract's module as the web build needs it (JavaScript or TypeScript):
 * the zod schemas of its endpoint definitions removed (`response`, `body`, `query` of every
 * `defineEndpoint({...})` become `void 0`), and each top-level `const` built by a call made
 * pure, so the bundler drops every schema the web does not use (a schema built with another
 * module's helper counted as a side effect and stayed). Null when there is nothing to change.
 */
export function stripEndpointSchemas(code: string): string | null {
  // Read as TypeScript: Vite hands this plugin JavaScript, a bare Rolldown build the source.
  const parsed = parseSync('contract-module.ts', code, { lang: 'ts' });
  if (parsed.errors.length > 0) {
    throw new Error(`The contract module could not be read: ${parsed.errors[0]?.message ?? ''}`);
  }
  const program = parsed.program as unknown as Node;
  const edits: Edit[] = [];
  schemaEdits(program, edits);
  pureEdits(program, code, edits);
  if (edits.length === 0) {
    return null;
  }
  let out = code;
  // From the end, so the offsets of the edits still to make stay right (a stable sort keeps an
  // insertion at an edit's end before the insertion at its start).
  for (const edit of edits.sort((a, b) => b.at - a.at)) {
    out = `${out.slice(0, edit.at)}${edit.text}${out.slice(edit.end)}`;
  }
  return out;
}

/**
 * The web app calls the API through the contract's endpoint objects for their method and path
 * only: it never validates a request or an answer with their schemas (the server does; for the
 * web they are types). Left in, every endpoint a page named pulled its schemas, and zod with
 * them (about 25 KB gzipped), into the page's first download. This build-only plugin removes
 * them from the contract's modules, so zod loads only with the pages that use a schema
 * themselves. Unit tests and the dev server keep the contract as written.
 */
export function stripEndpointSchemasPlugin(): Plugin {
  return {
    name: 'sk-tanaw:strip-endpoint-schemas',
    apply: 'build',
    // After the TypeScript transform: the plugin reads JavaScript.
    enforce: 'post',
    transform: {
      filter: { id: /\/packages\/contract\/src\/[^/]+\.ts$/ },
      handler(code) {
        const stripped = stripEndpointSchemas(code);
        return stripped === null ? null : { code: stripped, map: null };
      },
    },
  };
}
