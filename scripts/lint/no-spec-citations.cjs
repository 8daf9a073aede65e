// voxscreen/no-spec-citations: code cites docs/product/<file>.md#<anchor>, never a section of the original
// specification (a document number 000-002 and a section sign), which a reader of the repository cannot open.
// scripts/rewrite-spec-citations.ts rewrites such citations; docs/development.md "Citing the product docs".
'use strict';
/* global module */

const CITATION = /\b00[012] ?\u00a7/;

/** @type {import('eslint').Rule.RuleModule} */
const noSpecCitations = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Cite docs/product/<file>.md#<anchor> instead of a specification section.' },
    messages: {
      citation:
        'Cite the product doc (docs/product/<file>.md#<anchor>) instead of the specification section; ' +
        'npx tsx scripts/rewrite-spec-citations.ts rewrites it.',
    },
    schema: [],
  },
  create(context) {
    const report = (node, loc) => context.report({ node, loc, messageId: 'citation' });
    return {
      Program(program) {
        for (const comment of context.sourceCode.getAllComments()) {
          if (CITATION.test(comment.value)) report(program, comment.loc);
        }
      },
      Literal(node) {
        if (typeof node.value === 'string' && CITATION.test(node.value)) report(node);
      },
      TemplateElement(node) {
        if (CITATION.test(node.value.cooked ?? node.value.raw)) report(node);
      },
      JSXText(node) {
        if (CITATION.test(node.value)) report(node);
      },
    };
  },
};

module.exports = { noSpecCitations };
