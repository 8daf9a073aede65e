import type { Rule } from 'eslint';

export declare const noSpecCitations: Rule.RuleModule;
