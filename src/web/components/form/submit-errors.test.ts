import { FORM_ERROR } from 'final-form';
import { saveAnswer } from './submit-errors';

describe('saveAnswer', () => {
  it('hands the saved record on and answers no errors', () => {
    const onSaved = jest.fn();
    expect(saveAnswer({ data: { name: 'North' } }, 'Something went wrong', onSaved)).toBeUndefined();
    expect(onSaved).toHaveBeenCalledWith({ name: 'North' });
  });

  it("answers a failure as the fields' messages and the form error, without saving", () => {
    const onSaved = jest.fn();
    const error = {
      status: 422,
      data: { message: 'Validation failed', errors: [{ field: 'name', message: 'Name is required' }] },
    };
    expect(saveAnswer({ error }, 'Something went wrong', onSaved)).toEqual({
      name: 'Name is required',
      [FORM_ERROR]: 'Validation failed',
    });
    expect(onSaved).not.toHaveBeenCalled();
  });
});
