import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * The TEIF schema check (issue 27 §4, ADR 045): a file against `teif-1.8.8.xsd`, with xmllint
 * compiled to WebAssembly (no native binary, the same on every machine). The schema is the
 * file committed beside this one (the build copies it next to the compiled code, like the PDF
 * fonts): replace it with TTN's own and every check, the tests' included, uses that one.
 */
export const TEIF_SCHEMA_FILE = 'teif-1.8.8.xsd';

const schemaPath = path.join(path.dirname(fileURLToPath(import.meta.url)), TEIF_SCHEMA_FILE);
let schema: string | undefined;

/** Read once, on first use. */
function schemaText(): string {
  schema ??= fs.readFileSync(schemaPath, 'utf8');
  return schema;
}

export interface TeifValidation {
  isValid: boolean;
  /** xmllint's messages with their line numbers (`line 12: …`); empty when valid. */
  errors: string[];
}

/** Validates a TEIF file against the schema. */
export async function validateTeif(xml: string): Promise<TeifValidation> {
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [{ fileName: TEIF_SCHEMA_FILE, contents: schemaText() }],
  });
  return {
    isValid: result.valid,
    errors: result.errors.map((error) =>
      error.loc ? `line ${error.loc.lineNumber}: ${error.message}` : error.message,
    ),
  };
}
