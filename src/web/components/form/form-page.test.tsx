import { screen, waitFor } from '@testing-library/react';
import { FORM_ERROR } from 'final-form';
import { renderWithProviders } from '../../testing/render-with-providers';
import { FormPage, useSavedReturn } from './form-page';
import { TextField } from './text-field';
import '../../theme/signed-in-recipes';

interface Values {
  name: string;
}

/** A form page over one field; the save answers `answer` (a form error) or saves. */
function NamePage({ answer, readOnly = false }: { answer?: string; readOnly?: boolean }) {
  const [saved, setSaved] = useSavedReturn('/list', 1500);
  return (
    <FormPage<Values>
      testId="thing"
      initialValues={{ name: 'Old' }}
      validate={(values) => (values.name ? {} : { name: 'Name is required' })}
      onSubmit={(values) => {
        if (answer) return { [FORM_ERROR]: answer };
        setSaved(`Thing ${values.name} Updated Successfully`);
        return undefined;
      }}
      saved={saved}
      readOnly={readOnly}
      cancelTo="/list"
      cancelTestId="thing-cancel"
    >
      <TextField name="name" label="Name" disabled={readOnly} testId="thing-name" />
    </FormPage>
  );
}

const render = (props: Parameters<typeof NamePage>[0]) =>
  renderWithProviders({
    route: '/form',
    routes: [
      { path: '/form', element: <NamePage {...props} /> },
      { path: '/list', element: <p>The list</p> },
    ],
  });

describe('FormPage', () => {
  it('enables Save once changed, shows the saved message and goes back to the list', async () => {
    const { user } = await render({});
    const save = await screen.findByTestId('thing-save');
    expect(save).toBeDisabled();
    await user.clear(screen.getByTestId('thing-name'));
    await user.type(screen.getByTestId('thing-name'), 'New');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByTestId('thing-success')).toHaveTextContent('Thing New Updated Successfully');
    // Saved: the form counts as unchanged, and the page leaves without asking.
    expect(screen.getByTestId('thing-save')).toBeDisabled();
    expect(await screen.findByText('The list')).toBeInTheDocument();
  });

  it("shows the server's form error and stays", async () => {
    const { user } = await render({ answer: 'Name already taken' });
    await user.type(await screen.findByTestId('thing-name'), 'x');
    await user.click(screen.getByTestId('thing-save'));
    expect(await screen.findByText('Name already taken')).toBeInTheDocument();
    expect(screen.queryByTestId('thing-success')).not.toBeInTheDocument();
    expect(screen.getByTestId('thing-form')).toBeInTheDocument();
  });

  it('keeps Save disabled when read-only; Cancel goes to the list', async () => {
    const { user } = await render({ readOnly: true });
    expect(await screen.findByTestId('thing-save')).toBeDisabled();
    await user.click(screen.getByTestId('thing-cancel'));
    await waitFor(() => expect(screen.getByText('The list')).toBeInTheDocument());
  });
});
