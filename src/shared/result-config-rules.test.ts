import {
  RESULT_BADGE_CODES,
  RESULT_CONFIG_TYPE_CODES,
  blankResultConfigTypes,
  resultConfigProblems,
  resultConfigTypeFor,
  resultConfigTypeLabel,
  resultTextLanguage,
  rowTextIn,
} from './result-config-rules';

const hr = { result: 'High', result_es: 'Alto', result_type: 'HR', result_type_es: 'HR', icon_id: 1 };

describe('result-config rules', () => {
  test('12 badge codes, all named by the template types together', () => {
    expect(RESULT_BADGE_CODES).toHaveLength(12);
    expect(new Set(Object.values(RESULT_CONFIG_TYPE_CODES).flat()).size).toBe(12);
    expect(blankResultConfigTypes().PRECISION_RESULTS![0]).toEqual({
      result: '',
      result_es: '',
      result_type: 'HR',
      result_type_es: 'HR',
      icon_id: 1,
    });
  });

  test('tab labels replace underscores with spaces and capitalise', () => {
    expect(resultConfigTypeLabel('PRECISION_RESULTS')).toBe('Precision Results');
    expect(resultConfigTypeLabel('RED_GREEN_RESULTS')).toBe('Red Green Results');
  });

  test('Spanish shows the Spanish text; English and Tagalog the English one', () => {
    expect(resultTextLanguage('es')).toBe('es');
    expect(resultTextLanguage('tl')).toBe('en');
    expect(rowTextIn(hr, 'es')).toEqual({ result: 'Alto', resultType: 'HR' });
    expect(rowTextIn(hr, 'tl')).toEqual({ result: 'High', resultType: 'HR' });
    expect(rowTextIn({ ...hr, result_es: '' }, 'es').result).toBe('High');
  });

  test('express and red/green questionnaires use RED_GREEN_RESULTS', () => {
    expect(resultConfigTypeFor('EXPRESS_QUESTIONNAIRE')).toBe('RED_GREEN_RESULTS');
    expect(resultConfigTypeFor('PRECISION_RED_GREEN_QUESTIONNAIRE')).toBe('RED_GREEN_RESULTS');
    expect(resultConfigTypeFor('HYBRID_QUESTIONNAIRE')).toBe('PRECISION_RESULTS');
  });

  test('problems: name required, type names, codes once per type, texts and icons', () => {
    expect(resultConfigProblems({ template_name: 'Ok', template_type: { PRECISION_RESULTS: [hr] } })).toEqual([]);
    expect(
      resultConfigProblems({
        template_name: '',
        template_type: { bad: [hr, { ...hr, result: '', icon_id: 0 }] },
      }),
    ).toEqual([
      { field: 'template_name', code: 'NAME_REQUIRED' },
      { field: 'template_type.bad', code: 'TYPE_NAME' },
      { field: 'template_type.bad[1].result_type', code: 'RESULT_TYPE' },
      { field: 'template_type.bad[1].result', code: 'RESULT_REQUIRED' },
      { field: 'template_type.bad[1].icon_id', code: 'ICON' },
    ]);
    expect(resultConfigProblems({ template_name: 'x'.repeat(101), template_type: {} })).toEqual([
      { field: 'template_name', code: 'NAME_TOO_LONG' },
      { field: 'template_type', code: 'TYPE_REQUIRED' },
    ]);
  });
});
