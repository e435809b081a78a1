import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const isController = (file: string) => file.endsWith('.controller.ts');
const isChecked = (file: string) => isController(file) || /dto\.ts$/.test(file);

/** The backend workspace's folder, with a trailing slash. */
const backend = fileURLToPath(new URL('../../', import.meta.url));

/** The backend's program over its controllers and DTOs, type-checked as `tsc` sees it. */
function backendProgram(): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(`${backend}tsconfig.json`, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  })!;
  return ts.createProgram({
    rootNames: config.fileNames.filter(isChecked),
    options: { ...config.options, noEmit: true },
    projectReferences: config.projectReferences,
  });
}

/** The backend's own source files of `program` (not its tests), whose name passes `include`. */
function backendSources(program: ts.Program, include: (file: string) => boolean): ts.SourceFile[] {
  return program
    .getSourceFiles()
    .filter(
      (file) =>
        file.fileName.startsWith(`${backend}src/`) &&
        !file.fileName.endsWith('.spec.ts') &&
        include(file.fileName),
    );
}

const CONTAINERS = new Set(['Promise', 'Array', 'ReadonlyArray']);

/** The first entity class found in a type, its properties' types and their elements; null if none. */
function entityIn(
  checker: ts.TypeChecker,
  type: ts.Type,
  depth = 0,
  seen = new Set<ts.Type>(),
): string | null {
  if (depth > 4 || seen.has(type)) return null;
  seen.add(type);
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  if (
    symbol?.declarations?.some(
      (declaration) =>
        ts.isClassDeclaration(declaration) &&
        declaration.getSourceFile().fileName.endsWith('.entity.ts'),
    )
  )
    return checker.typeToString(type);
  if (type.isUnionOrIntersection()) {
    for (const part of type.types) {
      const found = entityIn(checker, part, depth, seen);
      if (found) return found;
    }
    return null;
  }
  const references =
    symbol && CONTAINERS.has(symbol.name)
      ? checker.getTypeArguments(type as ts.TypeReference)
      : type.flags & ts.TypeFlags.Object
        ? checker.getPropertiesOfType(type).map((property) => checker.getTypeOfSymbol(property))
        : [];
  const next = symbol && CONTAINERS.has(symbol.name) ? depth : depth + 1;
  for (const reference of references) {
    const found = entityIn(checker, reference, next, seen);
    if (found) return found;
  }
  return null;
}

/** Each controller method whose answer holds an entity class, with the entity. */
function entityAnswers(program: ts.Program): string[] {
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of backendSources(program, isController)) {
    const visit = (node: ts.Node): void => {
      if (ts.isMethodDeclaration(node) && ts.isClassDeclaration(node.parent)) {
        const signature = checker.getSignatureFromDeclaration(node);
        const answer = signature && entityIn(checker, checker.getReturnTypeOfSignature(signature));
        if (answer)
          found.push(`${node.parent.name?.text}.${node.name.getText()} answers ${answer}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

const CONTRACT = /\/common\/(src|dist)\/api\//;

/** Whether `type` names a type declared in the contract (common/src/api, or its build). */
function inContract(checker: ts.TypeChecker, type: ts.ExpressionWithTypeArguments): boolean {
  const symbol = checker.getSymbolAtLocation(type.expression);
  const target =
    symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return (
    target?.declarations?.some((declaration) =>
      CONTRACT.test(declaration.getSourceFile().fileName),
    ) ?? false
  );
}

/** Whether the class, or a class it extends, `implements` a type of the contract. */
function implementsContract(checker: ts.TypeChecker, declaration: ts.ClassDeclaration): boolean {
  for (const clause of declaration.heritageClauses ?? []) {
    for (const type of clause.types) {
      if (clause.token === ts.SyntaxKind.ImplementsKeyword && inContract(checker, type))
        return true;
      if (clause.token === ts.SyntaxKind.ExtendsKeyword) {
        const base = checker.getTypeAtLocation(type).getSymbol()?.valueDeclaration;
        if (base && ts.isClassDeclaration(base) && implementsContract(checker, base)) return true;
      }
    }
  }
  return false;
}

const isBodyOrQuery = (decorator: ts.Decorator) =>
  ts.isCallExpression(decorator.expression) &&
  ['Body', 'Query'].includes(decorator.expression.expression.getText());

/**
 * The DTO classes that implement no request type of the contract: every class named `…Dto`, and
 * every class a controller reads with `@Body()` or `@Query()`.
 */
function loneDtos(program: ts.Program): string[] {
  const checker = program.getTypeChecker();
  const classes = new Set<ts.ClassDeclaration>();
  for (const file of backendSources(program, isChecked)) {
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) && node.name?.text.endsWith('Dto')) classes.add(node);
      if (ts.isParameter(node) && ts.getDecorators(node)?.some(isBodyOrQuery)) {
        const declaration = checker.getTypeAtLocation(node).getSymbol()?.valueDeclaration;
        if (declaration && ts.isClassDeclaration(declaration)) classes.add(declaration);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return [...classes]
    .filter((declaration) => !implementsContract(checker, declaration))
    .map((declaration) => declaration.name?.text ?? '(anonymous class)')
    .sort();
}

/**
 * The API speaks the contract's types (common/src/api). Answers are built by mapping functions:
 * an entity on the wire would carry whatever column is added to its table next. Request DTOs
 * implement the request types the site and the admin send, so a DTO that drifts from them fails
 * to compile.
 */
describe('the API contract', () => {
  let checked: ts.Program;
  beforeAll(() => {
    checked = backendProgram();
  });

  it('controller answers never hold an entity class, at any depth', () => {
    expect(checked.getSourceFiles().some((file) => isController(file.fileName))).toBe(true);
    expect(entityAnswers(checked)).toEqual([]);
  });

  it('every request DTO, and every class read with @Body() or @Query(), implements a request type', () => {
    expect(checked.getSourceFiles().some((file) => file.fileName.endsWith('dto.ts'))).toBe(true);
    expect(loneDtos(checked)).toEqual([]);
  });
});
