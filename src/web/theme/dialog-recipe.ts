import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { registerRecipes } from './system';

/**
 * The dialog's recipe, registered by the module that renders a dialog on a public page (the password reset's
 * unsaved-changes confirmation, components/feedback/confirm-dialog.tsx): no dialog shows on the sign-in page, so the
 * recipe is not part of the entry chunk (ADR 0123). The shell registers it too, with the signed-in recipes (ADR 0084).
 */
registerRecipes({ recipes: {}, slotRecipes: { dialog: dialogSlotRecipe } });
