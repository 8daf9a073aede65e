import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { noSpecCitations } from './no-spec-citations.cjs';

// The citations are built so that this file holds none itself.
const SIGN = String.fromCharCode(0xa7);
const cite = (doc: string, section: string) => `${doc} ${SIGN}${section}`;
const nospace = `001${SIGN}5`;

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run('no-spec-citations', noSpecCitations, {
  valid: [
    '// docs/product/participants.md#rules: a phone needs a country',
    `/** RFC 6749 ${SIGN}4.4: the client credentials grant. */`,
    "const code = '0015';",
    `// ticket 1001 ${SIGN}5 is another document's numbering`,
  ],
  invalid: [
    { code: `// ${cite('001', '5')}: a phone needs a country`, errors: [{ messageId: 'citation' }] },
    {
      code: `/** The rules (${cite('002', '2.5')}, ${SIGN}4.1). */\nconst a = 1;`,
      errors: [{ messageId: 'citation' }],
    },
    { code: `/* ${nospace} */`, errors: [{ messageId: 'citation' }] },
    { code: `describe('date cap (${cite('001', '9')})', () => {});`, errors: [{ messageId: 'citation' }] },
    { code: `const s = \`the rules of ${cite('000', '5')} \${1}\`;`, errors: [{ messageId: 'citation' }] },
    {
      code: `const el = <p>{/* ${cite('001', '2')} */}see ${cite('001', '3')}</p>;`,
      errors: [{ messageId: 'citation' }, { messageId: 'citation' }],
    },
  ],
});
