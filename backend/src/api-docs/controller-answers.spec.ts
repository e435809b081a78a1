import ts from 'typescript';
import { backendProgram, backendSources } from './backend-program.js';

const isController = (file: string) => file.endsWith('.controller.ts');

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

/**
 * The API answers the contract's types (common/src/api), built by mapping functions: an entity on
 * the wire would carry whatever column is added to its table next.
 */
describe('controller answers', () => {
  it('never hold an entity class, at any depth', () => {
    const program = backendProgram(isController);
    expect(program.getSourceFiles().some((file) => file.fileName.endsWith('.controller.ts'))).toBe(
      true,
    );
    expect(entityAnswers(program)).toEqual([]);
  });
});
