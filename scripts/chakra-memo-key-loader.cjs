/* global module */
// Chakra memoizes its style functions (css, cva, sva, token lookups) by a key built from their arguments: `simpleHash`
// in utils/memo.js, which allocates an array per object and per array (keys, map, join). Under the profile's 4x CPU
// throttling it was Chakra's largest self time on the dashboard (ADR 0106). This loader swaps in a function that
// builds the very same key string with one loop per level and no intermediate arrays. Fails the build if the
// function it replaces has changed, since the two must stay equal (chakra-memo-key-loader.test.ts checks them).
const ORIGINAL = `function simpleHash(value) {
  if (value === null) return "null";
  if (value === void 0) return "undefined";
  const type = typeof value;
  if (type === "string") return \`s:\${value}\`;
  if (type === "number") return \`n:\${value}\`;
  if (type === "boolean") return \`b:\${value}\`;
  if (type === "function") return \`f:\${value.name || "anonymous"}\`;
  if (Array.isArray(value)) {
    return \`a:[\${value.map(simpleHash).join(",")}]\`;
  }
  if (type === "object") {
    const keys = Object.keys(value).sort();
    return \`o:{\${keys.map((k) => \`\${k}:\${simpleHash(value[k])}\`).join(",")}}\`;
  }
  return String(value);
}`;

const FASTER = `function simpleHash(value) {
  switch (typeof value) {
    case "string":
      return "s:" + value;
    case "number":
      return "n:" + value;
    case "boolean":
      return "b:" + value;
    case "function":
      return "f:" + (value.name || "anonymous");
    case "undefined":
      return "undefined";
    case "object": {
      if (value === null) return "null";
      if (Array.isArray(value)) {
        let out = "a:[";
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ",";
          // Array.prototype.map skips holes, and join writes them as nothing.
          if (i in value) out += simpleHash(value[i]);
        }
        return out + "]";
      }
      const keys = Object.keys(value);
      if (keys.length > 1) keys.sort();
      let out = "o:{";
      for (let i = 0; i < keys.length; i++) {
        if (i > 0) out += ",";
        out += keys[i] + ":" + simpleHash(value[keys[i]]);
      }
      return out + "}";
    }
    default:
      return String(value);
  }
}`;

function chakraMemoKey(source) {
  if (!source.includes(ORIGINAL)) {
    throw new Error('chakra-memo-key-loader: Chakra changed simpleHash in utils/memo.js, see ADR 0106');
  }
  return source.replace(ORIGINAL, FASTER);
}

module.exports = chakraMemoKey;
module.exports.ORIGINAL = ORIGINAL;
