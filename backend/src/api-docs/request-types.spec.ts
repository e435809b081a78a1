import ts from 'typescript';
import { backendProgram, backendSources } from './backend-program.js';

const isChecked = (file: string) => file.endsWith('.controller.ts') || /dto\.ts$/.test(file);
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
 * Every request body and query the API reads is a type of the contract (common/src/api), which
 * the site and the admin send: a DTO that drifts from it fails to compile instead.
 */
describe('request DTOs', () => {
  it('each implement a request type of common/src/api', () => {
    const program = backendProgram(isChecked);
    expect(program.getSourceFiles().some((file) => file.fileName.endsWith('dto.ts'))).toBe(true);
    expect(loneDtos(program)).toEqual([]);
  });
});
