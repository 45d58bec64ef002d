/**
 * What a user reads when a builder name is misspelled: the compiler's message lists
 * the allowed names, not a type alias cut off inside the schema. The messages come
 * from the TypeScript compiler run on a small program.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const probe = path.join(root, 'test/types/__readable-errors-probe.ts');
const source = `
import { exampleSchema } from '../../src/example/index.js';
import { query } from '../../src/index.js';
query(exampleSchema, 'person').filter((f) => f.eq('titel', 'x'));
query(exampleSchema, 'person').filter((f) => f.like('birth_date', '%'));
query(exampleSchema, 'person').sort('titel');
query(exampleSchema, 'computer').include('ownr');
query(exampleSchema, 'people');
`;

/** The compiler's messages for the probe program, one per line of it. */
function diagnostics(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (file) => file === probe || fileExists(file);
  host.readFile = (file) => (file === probe ? source : readFile(file));
  host.getSourceFile = (file, language, ...rest) =>
    file === probe ? ts.createSourceFile(file, source, language) : getSourceFile(file, language, ...rest);
  const program = ts.createProgram([probe], config.options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === probe)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('compiler messages for misspelled builder names', () => {
  it('list the allowed names', () => {
    expect(diagnostics()).toEqual([
      `Argument of type '"titel"' is not assignable to parameter of type '"id" | "name" | "display_name" | "birth_date" | "gender"'.`,
      `Argument of type '"birth_date"' is not assignable to parameter of type '"name" | "display_name" | "gender"'.`,
      `Argument of type '"titel"' is not assignable to parameter of type '"id" | "name" | "display_name" | "birth_date" | "gender" | "-id" | "-name" | "-display_name" | "-birth_date" | "-gender"'.`,
      `Argument of type '"ownr"' is not assignable to parameter of type '"owner" | "owner.computers" | "owner.computers.owner"'.`,
      `Argument of type '"people"' is not assignable to parameter of type '"person" | "computer"'.`,
    ]);
  });
});
