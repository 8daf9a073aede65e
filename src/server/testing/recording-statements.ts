import { PostgresQueryCompiler } from 'kysely';
import type { Db } from '../platform/db/schema';

/**
 * `db` with every statement it sends recorded as compiled, in order, when `keep` takes its text: for tests of how
 * many statements a piece of work sends and which (a statement's text is what the engines plan and keep).
 */
export function recordingStatements(
  db: Db,
  keep: (text: string) => boolean = () => true,
): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const compiler = new PostgresQueryCompiler();
  const recording = db.withPlugin({
    transformQuery({ node, queryId }) {
      const { sql: text } = compiler.compileQuery(node, queryId);
      if (keep(text)) statements.push(text);
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return { db: recording, statements };
}

/** Leaves out the tenant setting every tenant transaction opens with. */
export const besidesSettings = (text: string) => !text.includes('set_config');
