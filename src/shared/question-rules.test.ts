import {
  expectedAnswersFor,
  newQuestionSequence,
  questionApproveLock,
  questionEditLock,
  questionLockMessage,
  questionOrder,
  questionProblems,
  type QuestionLockContext,
} from './question-rules';

const open: QuestionLockContext = {
  stageSequence: 1,
  questionsApproved: false,
  userIsSystemTenant: false,
  operatingTenantIsSystem: false,
  roleName: 'Customer Admin',
};

test('a new question takes the lowest sequence minus one (1 when there is none)', () => {
  expect(newQuestionSequence([3, 1, 2])).toBe(0);
  expect(newQuestionSequence([-2, 5])).toBe(-3);
  expect(newQuestionSequence([])).toBe(1);
});

test('the saved order follows the sequences; questions without one come first, in the order given', () => {
  expect(questionOrder([{ sequence: 2 }, { sequence: 1 }, {}, { sequence: null }, { sequence: 1 }])).toEqual([
    3, 2, 1, 4, 0,
  ]);
});

test('Narr only in a hybrid questionnaire; an empty text is refused', () => {
  expect(expectedAnswersFor('HYBRID_QUESTIONNAIRE')).toEqual(['Yes', 'No', 'Narr']);
  expect(expectedAnswersFor('PRECISION_QUESTIONNAIRE')).toEqual(['Yes', 'No']);
  expect(
    questionProblems(
      [
        { questionText: ' ', expectedAnswer: 'No' },
        { questionText: 'Fine', expectedAnswer: 'Narr' },
      ],
      'EXPRESS_QUESTIONNAIRE',
    ),
  ).toEqual([
    { index: 0, field: 'questionText', message: 'Question text can not be empty' },
    { index: 1, field: 'expectedAnswer', message: 'Narr is only allowed for hybrid questionnaires.' },
  ]);
  expect(questionProblems([{ questionText: 'Fine', expectedAnswer: 'Narr' }], 'HYBRID_QUESTIONNAIRE')).toEqual([]);
});

test('stages 3 and 4 lock everyone; approval locks users outside the system tenant', () => {
  expect(questionEditLock(open)).toBeNull();
  expect(questionEditLock({ ...open, stageSequence: 3 })).toBe('EXECUTION_STAGE');
  expect(questionEditLock({ ...open, stageSequence: 4, userIsSystemTenant: true })).toBe('EXECUTION_STAGE');
  expect(questionEditLock({ ...open, questionsApproved: true })).toBe('APPROVED');
  expect(questionEditLock({ ...open, questionsApproved: true, userIsSystemTenant: true })).toBeNull();
  expect(questionLockMessage('EXECUTION_STAGE')).toBe(
    'Questions are not editable when a project enters execution stage.',
  );
});

test("'ACGR Admin' cannot approve approved questions of a non-system tenant", () => {
  const acgr = { ...open, userIsSystemTenant: true, roleName: 'ACGR Admin', questionsApproved: true };
  expect(questionApproveLock(acgr)).toBe('APPROVED');
  expect(questionEditLock(acgr)).toBeNull();
  expect(questionApproveLock({ ...acgr, operatingTenantIsSystem: true })).toBeNull();
  expect(questionApproveLock({ ...acgr, questionsApproved: false })).toBeNull();
  expect(questionApproveLock({ ...acgr, roleName: 'Voxscreen Admin' })).toBeNull();
});
