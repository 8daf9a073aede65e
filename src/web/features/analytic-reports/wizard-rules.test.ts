import {
  generateReportName,
  maxEndDate,
  maySubmit,
  selectAllState,
  stepComplete,
  validateWizard,
  WIZARD_MESSAGES,
} from './wizard-rules';

const TODAY = '2026-11-26';
const valid = {
  reportType: 'call-records',
  reportName: 'call-records-1',
  projectId: ['4'],
  startDate: '2026-11-01',
  endDate: '2026-11-20',
  attributes: ['callId'],
};

describe('the New Report wizard rules', () => {
  it('accepts a complete request', () => {
    expect(validateWizard(valid, TODAY)).toEqual({});
    expect([0, 1, 2, 3].map((step) => stepComplete(step, {}))).toEqual([true, true, true, true]);
  });

  it('names each missing field with the spec message', () => {
    expect(validateWizard({}, TODAY)).toEqual({
      reportType: 'Report type is required',
      projectId: 'At least one item is required',
      startDate: 'This field is required',
      endDate: 'This field is required',
      attributes: 'At least one column must be selected',
      reportName: 'Report name is required',
    });
    expect(validateWizard({ ...valid, reportName: '   ' }, TODAY).reportName).toBe(WIZARD_MESSAGES.reportName);
  });

  it('keeps the end after the start, within 90 days and not after today; the start not after today', () => {
    expect(validateWizard({ ...valid, endDate: '2026-10-31' }, TODAY).endDate).toBe('End date must be greater');
    expect(validateWizard({ ...valid, startDate: '2026-01-01', endDate: '2026-04-02' }, TODAY).endDate).toBe(
      WIZARD_MESSAGES.endTooLate,
    );
    expect(validateWizard({ ...valid, startDate: '2026-01-01', endDate: '2026-04-01' }, TODAY)).toEqual({});
    expect(validateWizard({ ...valid, endDate: '2026-11-27' }, TODAY).endDate).toBe(WIZARD_MESSAGES.endTooLate);
    expect(validateWizard({ ...valid, startDate: '2026-11-27' }, TODAY).startDate).toBe(
      WIZARD_MESSAGES.startAfterToday,
    );
    expect(maxEndDate('2026-01-01', TODAY)).toBe('2026-04-01');
    expect(maxEndDate('2026-11-01', TODAY)).toBe(TODAY);
  });

  it('enables Continue per step only when that step is complete', () => {
    const errors = validateWizard({ reportType: 'call-records' }, TODAY);
    expect(stepComplete(0, errors)).toBe(true);
    expect(stepComplete(1, errors)).toBe(false);
    expect(stepComplete(2, validateWizard({ attributes: ['a'] }, TODAY))).toBe(true);
    expect(stepComplete(3, errors)).toBe(false);
  });

  it('enables Submit only when valid, changed and not submitting', () => {
    expect(maySubmit({ valid: true, dirty: true, submitting: false })).toBe(true);
    expect(maySubmit({ valid: false, dirty: true, submitting: false })).toBe(false);
    expect(maySubmit({ valid: true, dirty: false, submitting: false })).toBe(false);
    expect(maySubmit({ valid: true, dirty: true, submitting: true })).toBe(false);
  });

  it('generates the report name from the type, a timestamp and six random digits', () => {
    expect(generateReportName('Participants By Status', Date.parse('2026-11-26T09:05:03Z'), () => 0.5)).toBe(
      'participants-by-status-20261126090503-550000',
    );
    expect(generateReportName('Call Records', 0, () => 0)).toMatch(/^call-records-19700101000000-\d{6}$/);
  });

  it('shows Select All checked, indeterminate or clear', () => {
    expect(selectAllState([], ['a', 'b'])).toBe(false);
    expect(selectAllState(['a'], ['a', 'b'])).toBe('indeterminate');
    expect(selectAllState(['b', 'a'], ['a', 'b'])).toBe(true);
  });
});
