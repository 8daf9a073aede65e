/* global module */
// Marks each module-level anatomy of '@chakra-ui/react's anatomy.js (`const x = createAnatomy(...).parts(...)`,
// `const x = y.extendWith(...)`) as pure, so the anatomies of components a chunk never renders are dropped from it
// (ADR 0139). Fails the build if Chakra stops declaring them that way.
const DECLARATION = /^const (\w+) = (?=createAnatomy\(|[\w$]+\.extendWith\()/gm;
const EXPECTED_AT_LEAST = 30;

module.exports = function pureChakraAnatomy(source) {
  let marked = 0;
  const out = source.replace(DECLARATION, (_match, name) => {
    marked += 1;
    return `const ${name} = /*#__PURE__*/ `;
  });
  if (marked < EXPECTED_AT_LEAST)
    throw new Error(
      `pure-chakra-anatomy-loader: ${marked} anatomies marked (expected ${EXPECTED_AT_LEAST}+), see ADR 0139`,
    );
  return out;
};
