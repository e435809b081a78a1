import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The rule: the users table is written only by the users module's services (backend/src/users/);
 * another feature calls UserWritesService. Exempt: the development seed (backend/src/dev/) and
 * the migrations, which fill or shape the table before any service runs.
 */
const EXEMPT = [/^users\//, /^dev\//, /^database\/migrations\//];

const backend = fileURLToPath(new URL('../../', import.meta.url));
const src = `${backend}src/`;

/** Statements of SQL that write the table, in a query's text. */
const SQL_WRITE =
  /\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM|MERGE\s+INTO|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(?:"?public"?\.)?"?users"?(?![\w."])/i;

/** TypeORM's writes, on a repository or an entity manager. */
const WRITES = new Set([
  'insert',
  'update',
  'save',
  'upsert',
  'delete',
  'remove',
  'softDelete',
  'softRemove',
  'restore',
  'recover',
  'increment',
  'decrement',
  'clear',
]);

const USERS_REPOSITORY = /^(?:Repository|TreeRepository)<UserEntity>$/;
const USERS_WRITE_BUILDER = /^(?:Insert|Update|Delete|SoftDelete)QueryBuilder<UserEntity>$/;

function options(): ts.CompilerOptions & { fileNames: string[] } {
  const config = ts.getParsedCommandLineOfConfigFile(`${backend}tsconfig.json`, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  })!;
  return { ...config.options, noEmit: true, fileNames: config.fileNames };
}

/** Whether a type names the users entity: its class, an instance, a list or a partial of it. */
const namesUsers = (checker: ts.TypeChecker, node: ts.Node) =>
  /\bUserEntity\b/.test(checker.typeToString(checker.getTypeAtLocation(node)));

/** `file:line` of every write to the users table in the given files of the program. */
export function usersTableWrites(program: ts.Program, files: string[]): string[] {
  const checker = program.getTypeChecker();
  const found = new Set<string>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not in the program`);
    const where = (node: ts.Node) =>
      `${file.slice(src.length)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (SQL_WRITE.test(node.text)) found.add(where(node));
      } else if (ts.isTemplateExpression(node)) {
        const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
        if (SQL_WRITE.test(text.join(' '))) found.add(where(node));
      } else if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        // A query builder writes when it executes: the checker is asked about these calls only.
        (WRITES.has(node.expression.name.text) || node.expression.name.text === 'execute')
      ) {
        const receiver = checker.typeToString(
          checker.getTypeAtLocation(node.expression.expression),
        );
        if (USERS_WRITE_BUILDER.test(receiver) || USERS_REPOSITORY.test(receiver))
          found.add(where(node));
        else if (
          receiver === 'EntityManager' &&
          node.arguments.length > 0 &&
          namesUsers(checker, node.arguments[0])
        )
          found.add(where(node));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found];
}

/** A planted file, read from memory, beside the real sources so that its imports resolve. */
function programWith(file: string, text: string): ts.Program {
  const compilerOptions = options();
  const host = ts.createCompilerHost(compilerOptions);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? text : readFile.call(host, name));
  host.getSourceFile = (name, language, ...rest) =>
    name === file
      ? ts.createSourceFile(name, text, language, true)
      : getSourceFile.call(host, name, language, ...rest);
  return ts.createProgram({ rootNames: [file], options: compilerOptions, host });
}

const PLANTED = `import type { EntityManager } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

export async function planted(manager: EntityManager, user: UserEntity): Promise<void> {
  const users = manager.getRepository(UserEntity);
  await users.findOneBy({ id: user.id });
  await manager.query('SELECT id FROM users WHERE email = $1', [user.email]);
  await manager.query(\`UPDATE users SET status = 'paid' WHERE id = $1\`, [user.id]);
  await users.update(user.id, { status: 'active' });
  await manager.getRepository(UserEntity).save({ ...user, status: 'paid' });
  await manager.update(UserEntity, { id: user.id }, { password_set: true });
  await manager.save(user);
  await users.createQueryBuilder().insert().values({ email: 'a@example.com' }).orIgnore().execute();
  await manager.query(\`INSERT INTO users_archive SELECT * FROM accounts\`);
  await manager.query(\`delete from "users" where id = \${"$"}1\`, [user.id]);
}
`;

describe('the users table', () => {
  it('is written only by the users module (but for the seed and the migrations)', () => {
    const { fileNames, ...compilerOptions } = options();
    const program = ts.createProgram({ rootNames: fileNames, options: compilerOptions });
    const outside = fileNames.filter(
      (file) => file.startsWith(src) && !EXEMPT.some((rule) => rule.test(file.slice(src.length))),
    );
    expect(outside.length).toBeGreaterThan(100);
    expect(usersTableWrites(program, outside)).toEqual([]);
  }, 120_000);

  it('finds a planted write of every kind, and no read', () => {
    const file = `${src}billing/planted-users-write.ts`;
    const program = programWith(file, PLANTED);
    expect(usersTableWrites(program, [file])).toEqual(
      [8, 9, 10, 11, 12, 13, 15].map((line) => `billing/planted-users-write.ts:${line}`),
    );
  }, 120_000);
});
