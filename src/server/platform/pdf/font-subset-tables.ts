import type { Font } from 'fontkit';

/** The tables fontkit copies whole into every TrueType subset: the same bytes whatever glyphs it holds. */
const CONSTANT_TABLES = ['cvt ', 'prep', 'fpgm'];
const HEADER = 12;
const ENTRY = 16;

interface Subset {
  font: Font;
  encode(): Uint8Array;
}
type SubsettingFont = Font & { createSubset(): Subset };

interface Table {
  tag: string;
  checkSum: number;
  bytes: Uint8Array;
}

/** A font file's tables, in the order of its table directory. */
function tablesOf(file: Uint8Array): Table[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  return Array.from({ length: view.getUint16(4) }, (_, index) => {
    const at = HEADER + index * ENTRY;
    const offset = view.getUint32(at + 8);
    return {
      tag: String.fromCharCode(...file.subarray(at, at + 4)),
      checkSum: view.getUint32(at + 4),
      bytes: file.subarray(offset, offset + view.getUint32(at + 12)),
    };
  });
}

/** A font file as fontkit writes one: its directory header, an entry per table, then the tables in that order. */
function fileOf(header: Uint8Array, tables: readonly Table[]): Uint8Array {
  const size = tables.reduce((sum, table) => sum + table.bytes.length, HEADER + tables.length * ENTRY);
  const file = new Uint8Array(size);
  const view = new DataView(file.buffer);
  file.set(header.subarray(0, HEADER));
  let offset = HEADER + tables.length * ENTRY;
  tables.forEach((table, index) => {
    const at = HEADER + index * ENTRY;
    for (let char = 0; char < 4; char += 1) file[at + char] = table.tag.charCodeAt(char);
    view.setUint32(at + 4, table.checkSum);
    view.setUint32(at + 8, offset);
    view.setUint32(at + 12, table.bytes.length);
    file.set(table.bytes, offset);
    offset += table.bytes.length;
  });
  return file;
}

/**
 * Encodes the font's constant tables once per thread (issue 30, ADR 0149). fontkit's TrueType subsetter re-encodes
 * the whole `cvt `, `prep` and `fpgm` tables field by field for every subset, that is for every font of every
 * document: half of a subset's encoding. The first subset is fontkit's own, whole; it gives the tables' bytes and
 * the file's layout. Later subsets are encoded by fontkit without those tables (its encoder leaves out a table the
 * font does not have) and the kept bytes put back in their place, so each file is the one fontkit would write.
 */
export function keepConstantTables(font: Font): Font {
  // Only TrueType subsets (glyf outlines) copy these tables; another kind is left as fontkit writes it.
  if (!('glyf' in font)) return font;
  const subsetting = font as unknown as SubsettingFont;
  const createSubset = subsetting.createSubset.bind(subsetting);
  // The font as the subsetter sees it while encoding: the same font, without the constant tables.
  const withoutConstant = Object.create(font, Object.fromEntries(CONSTANT_TABLES.map((tag) => [tag, { value: null }])));
  let first: { header: Uint8Array; tables: Table[]; encodedCount: number } | null = null;
  subsetting.createSubset = () => {
    const subset = createSubset();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      if (!first) {
        const file = encode();
        const tables = tablesOf(file).map((table) => ({ ...table, bytes: table.bytes.slice() }));
        // How many tables a later subset encodes itself: all but the constant ones.
        const encodedCount = tables.filter((table) => !CONSTANT_TABLES.includes(table.tag)).length;
        first = { header: file.slice(0, HEADER), tables, encodedCount };
        return file;
      }
      subset.font = withoutConstant as Font;
      let file: Uint8Array;
      try {
        file = encode();
      } finally {
        subset.font = font;
      }
      const encoded = new Map(tablesOf(file).map((table) => [table.tag, table]));
      const tables = first.tables.map((table) =>
        CONSTANT_TABLES.includes(table.tag) ? table : encoded.get(table.tag),
      );
      // Not the tables of the first file (not seen with fontkit 2): fontkit's own file, whole.
      if (tables.some((table) => !table) || encoded.size !== first.encodedCount) return encode();
      return fileOf(first.header, tables as Table[]);
    };
    return subset;
  };
  return font;
}
