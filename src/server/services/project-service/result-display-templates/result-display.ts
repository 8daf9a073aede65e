import type { Db, ResultConfigRow, ResultConfigTypes } from '../../../platform/db/schema';
import {
  RESULT_ICONS,
  isResultBadgeCode,
  resultConfigTypeFor,
  rowTextIn,
  type ResultBadgeCode,
} from '../../../../shared/result-config-rules';
import { defaultResultConfigTypes, findProjectResultTemplate } from './result-config-store';

/** How one result code is shown (docs/product/result-config.md#project-display). */
export interface ResultDisplay {
  /** The result code asked for (e.g. HR, PD). */
  code: string;
  /** The badge: the code when the template names it, else D. */
  badge: ResultBadgeCode;
  /** Result text in the language (Spanish, else English: Tagalog shows English). */
  text: string;
  /** Result type in the language (the row's result_type or result_type_es). */
  resultType: string;
  iconId: number;
  iconLabel: string;
}

export interface ProjectResultDisplay {
  /** The template type the project's questionnaire uses (PRECISION_RESULTS or RED_GREEN_RESULTS). */
  templateType: string;
  display(code: string, language: string | null | undefined): ResultDisplay;
  /** The rows of the project's template type, in the template's order (a PDF's legend). */
  legend(language: string | null | undefined): ResultDisplay[];
}

/**
 * The meanings of the evaluation codes a template may not name (docs/product/platform.md#evaluation-codes), shown with
 * the default badge.
 */
const CODE_MEANINGS: Record<string, { en: string; es: string }> = {
  PD: { en: 'Pending', es: 'Pendiente' },
  RJ: { en: 'Rejected', es: 'Rechazado' },
  D: { en: 'Result', es: 'Resultado' },
};
const BLUE_INFO = 7;

const iconLabel = (id: number) => RESULT_ICONS.find((icon) => icon.value === id)?.label ?? '';

function present(code: string, row: ResultConfigRow, language: string | null | undefined): ResultDisplay {
  const { result, resultType } = rowTextIn(row, language);
  const badge = isResultBadgeCode(row.result_type) ? row.result_type : 'D';
  return { code, badge, text: result, resultType, iconId: row.icon_id, iconLabel: iconLabel(row.icon_id) };
}

/**
 * Resolves codes against a template's rows: the project's type first, then any type of the template, then
 * the product's default rows; a code none of them names gets the type's D row, else its meaning with the
 * Blue info icon.
 */
export function resultDisplayFrom(
  templateType: ResultConfigTypes | null,
  questionnaireType: string,
): ProjectResultDisplay {
  const type = resultConfigTypeFor(questionnaireType);
  const template = templateType ?? defaultResultConfigTypes();
  const typeRows = template[type] ?? Object.values(template)[0] ?? [];
  const defaults = defaultResultConfigTypes();
  const find = (rows: readonly ResultConfigRow[] | undefined, code: string) =>
    rows?.find((r) => r.result_type === code);
  const lookUp = (code: string) =>
    find(typeRows, code) ??
    Object.values(template)
      .map((rows) => find(rows, code))
      .find(Boolean) ??
    find(defaults[type], code) ??
    Object.values(defaults)
      .map((rows) => find(rows, code))
      .find(Boolean);
  return {
    templateType: type,
    display(code, language) {
      const row = isResultBadgeCode(code) && code !== 'D' ? lookUp(code) : undefined;
      if (row) return present(code, row, language);
      const fallback = find(typeRows, 'D');
      if (fallback) return { ...present(code, fallback, language), badge: 'D' };
      const meaning = CODE_MEANINGS[code] ?? { en: code, es: code };
      return present(
        code,
        { result: meaning.en, result_es: meaning.es, result_type: 'D', result_type_es: 'D', icon_id: BLUE_INFO },
        language,
      );
    },
    legend(language) {
      return typeRows.map((row) => present(row.result_type, row, language));
    },
  };
}

/**
 * A project's result display (docs/product/result-config.md#project-display) for the PDF risk reports and
 * result badges: its chosen template, else the account's 'Standard Results', else the product's defaults.
 * 404 'Project not found.' for a project the tenant does not have. Tenant scope.
 */
export async function projectResultDisplay(trx: Db, projectId: number): Promise<ProjectResultDisplay> {
  const { questionnaireType, templateType } = await findProjectResultTemplate(trx, projectId);
  return resultDisplayFrom(templateType, questionnaireType);
}

/** One code of one project in a language (Tagalog shows English). Tenant scope. */
export async function resolveProjectResult(
  trx: Db,
  query: { projectId: number; code: string; language: string | null | undefined },
): Promise<ResultDisplay> {
  return (await projectResultDisplay(trx, query.projectId)).display(query.code, query.language);
}
