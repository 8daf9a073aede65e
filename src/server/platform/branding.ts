/** Product names in one place (spec README: names come from one branding config), shared with the console. */
export { BRANDING } from '../../shared/branding';
