/* global module */
// Chakra's createUtility (run by createSystem at start-up) resolves, for every one of its ~400 style properties, the
// table of token values the property accepts (the colour properties each spread every colour token), and then does
// it a second time to build TypeScript type names for Chakra's typegen (`getTypes`), which nothing in the console
// calls. This loader makes both lazy (ADR 0168): a property's values are resolved the first time a style uses it
// (`transform` is memoized, so once per property and value), the type names when `getTypes` is first called. What
// either answers is unchanged. Fails the build if the code it rewrites has changed.
const EDITS = [
  // A property's values: remembered as "not resolved yet" instead of resolved at once.
  [
    `  const assignProperty = (property, config) => {
    const values = getPropertyValues(config);
    if (!values) return;
    propValues.set(property, values);
    assignPropertyType(property, config);
  };`,
    `  const assignProperty = (property, config) => {
    propValues.delete(property);
    if (typesBuilt && getPropertyValues(config)) assignPropertyType(property, config);
  };
  const valuesOf = (property) => {
    if (!propValues.has(property)) {
      const config = configs[property];
      propValues.set(property, (config && getPropertyValues(config)) || undefined);
    }
    return propValues.get(property);
  };`,
  ],
  // (assignPropertyType, which builds a property's type names, is unchanged.)
  [`    const values = getPropertyValues(config, (key) => \`type:Tokens["\${key}"]\`);`, null],
  // The type names: built, with the types added so far, when first asked for.
  [
    `  const addPropertyType = (property, type) => {
    const set = propTypes.get(property) ?? /* @__PURE__ */ new Set();
    propTypes.set(property, /* @__PURE__ */ new Set([...set, ...type]));
  };
  const getTypes = () => {`,
    `  let typesBuilt = false;
  const addedTypes = [];
  const addPropertyType = (property, type) => {
    if (!typesBuilt) {
      addedTypes.push([property, type]);
      return;
    }
    const set = propTypes.get(property) ?? /* @__PURE__ */ new Set();
    propTypes.set(property, /* @__PURE__ */ new Set([...set, ...type]));
  };
  const buildTypes = () => {
    if (typesBuilt) return;
    typesBuilt = true;
    assignPropertyTypes();
    for (const [property, type] of addedTypes.splice(0)) addPropertyType(property, type);
  };
  const getTypes = () => {
    buildTypes();`,
  ],
  ['    const value = propValues.get(key)?.[raw];', '    const value = valuesOf(key)?.[raw];'],
  [
    `  function build() {
    assignShorthands();
    assignColorPaletteProperty();
    assignProperties();
    assignPropertyTypes();
  }`,
    `  function build() {
    assignShorthands();
    assignColorPaletteProperty();
    assignProperties();
  }`,
  ],
];

module.exports = function lazyChakraUtility(source) {
  let out = source;
  for (const [from, to] of EDITS) {
    if (out.split(from).length !== 2) {
      throw new Error(
        'lazy-chakra-utility-loader: createUtility no longer builds its values as expected, see ADR 0168',
      );
    }
    if (to !== null) out = out.replace(from, () => to);
  }
  return out;
};
