import { Badge, ChakraProvider, Table } from '@chakra-ui/react';
import { recipes as allRecipes, slotRecipes as allSlotRecipes } from '@chakra-ui/react/theme';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { sel } from '../../../test/e2e/selectors';
import { installFetchStub } from '../testing/fetch-stub';
import { serverFor } from '../testing/factories';
import { renderWithProviders } from '../testing/render-with-providers';
import { system } from './system';

// ADR 0084: the entry's system holds only the recipes of the pages anyone may see; the shell's chunk adds the rest.
// This file never loads the shell, so until the import below only the entry's recipes are registered, and a
// Chakra component without its recipe throws (system.ts, development and tests).

const registered = () => ({
  recipes: Object.keys(allRecipes).filter((key) => system.isRecipe(key)),
  slotRecipes: Object.keys(allSlotRecipes).filter((key) => system.isSlotRecipe(key)),
});

describe('recipes of the signed-in screens (ADR 0084)', () => {
  test('the public pages render with the entry’s recipes alone', async () => {
    installFetchStub(serverFor());
    const errors = jest.spyOn(console, 'error');
    try {
      await renderWithProviders({ route: '/' });
      expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
      await renderWithProviders({ route: '/resetPassword' });
      expect(await screen.findByTestId(sel.resetPassword.email)).toBeInTheDocument();
      await renderWithProviders({ route: '/no/such/page' });
      expect(await screen.findByTestId(sel.notFound)).toBeInTheDocument();
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  test('the shell’s chunk registers the rest, none of which the entry created', async () => {
    const before = registered();
    expect(() => render(<Badge>new</Badge>, { wrapper: ChakraWrapper })).toThrow(/"badge" is not registered/);

    const { SIGNED_IN_RECIPES } = await import('./signed-in-recipes');
    const after = registered();
    for (const key of Object.keys(SIGNED_IN_RECIPES.recipes)) {
      expect(before.recipes).not.toContain(key);
      expect(after.recipes).toContain(key);
    }
    for (const key of Object.keys(SIGNED_IN_RECIPES.slotRecipes)) {
      expect(before.slotRecipes).not.toContain(key);
      expect(after.slotRecipes).toContain(key);
    }
    // Nothing the entry had is lost, and every recipe the console uses is now in one of the two places.
    expect(after.recipes).toEqual(expect.arrayContaining(before.recipes));
    expect(after.slotRecipes).toEqual(expect.arrayContaining(before.slotRecipes));

    render(
      <>
        <Badge data-testid="badge">new</Badge>
        <Table.Root>
          <Table.Body>
            <Table.Row>
              <Table.Cell>cell</Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </>,
      { wrapper: ChakraWrapper },
    );
    expect(screen.getByTestId('badge')).toHaveClass('chakra-badge');
    expect(screen.getByText('cell')).toBeInTheDocument();
  });
});

function ChakraWrapper({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
