import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The backend workspace's folder, with a trailing slash. */
export const backend = fileURLToPath(new URL('../../', import.meta.url));

/** The backend's program over the files `include` keeps, type-checked as `tsc` sees it. */
export function backendProgram(include: (file: string) => boolean): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(`${backend}tsconfig.json`, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  })!;
  return ts.createProgram({
    rootNames: config.fileNames.filter(include),
    options: { ...config.options, noEmit: true },
    projectReferences: config.projectReferences,
  });
}

/** The backend's own source files of `program` (not its tests), whose name passes `include`. */
export function backendSources(
  program: ts.Program,
  include: (file: string) => boolean,
): ts.SourceFile[] {
  return program
    .getSourceFiles()
    .filter(
      (file) =>
        file.fileName.startsWith(`${backend}src/`) &&
        !file.fileName.endsWith('.spec.ts') &&
        include(file.fileName),
    );
}
