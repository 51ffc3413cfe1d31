// .xlsx workbooks built by hand (no binary in the repository): the few XML parts a sheet needs,
// deflated and laid out as a zip archive, with a way to make the archive lie about its sizes.
import { crc32, deflateRawSync } from 'node:zlib';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const xmlText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A sheet's XML: each row's cells as inline strings. */
export function sheetXml(rows: Iterable<string[]>): Buffer {
  const parts: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`,
  ];
  let number = 0;
  for (const row of rows) {
    number++;
    const cells = row
      .map((value, column) => {
        const ref = `${String.fromCharCode(65 + column)}${number}`;
        return `<c r="${ref}" t="inlineStr"><is><t>${xmlText(value)}</t></is></c>`;
      })
      .join('');
    parts.push(`<row r="${number}">${cells}</row>`);
  }
  parts.push('</sheetData></worksheet>');
  return Buffer.from(parts.join(''));
}

/** `count` rows of the same two cells: a million of them are ~70 MB of XML, ~0.4 MB deflated. */
export function* repeatedRows(count: number): Generator<string[]> {
  for (let i = 0; i < count; i++) yield ['Nguyễn Văn An', 'an@example.com'];
}

interface Part {
  name: string;
  data: Buffer;
}

/** The parts of a one-sheet workbook around the given sheet XML. */
export function workbookParts(sheet: Buffer): Part[] {
  const text = (name: string, value: string) => ({ name, data: Buffer.from(value) });
  return [
    text(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    text(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    text(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    text(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ];
}

/**
 * The parts as a zip archive, deflated. `lie` makes the named entries declare that many unpacked
 * bytes (in their local header and in the central directory), whatever they really unpack to.
 */
export function zipArchive(parts: Part[], options: { lie?: Record<string, number> } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of parts) {
    const nameBytes = Buffer.from(name);
    const compressed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const size = options.lie?.[name] ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, compressed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A 'zip bomb' sheet: `count` rows of three shared-string cells, written without cell references
 * so they deflate almost to nothing (a million rows: ~71 MB of XML, a few hundred KB deflated).
 */
export function bombParts(count: number): Part[] {
  const row = Buffer.from(
    '<row><c t="s"><v>0</v></c><c t="s"><v>1</v></c><c t="s"><v>2</v></c></row>',
  );
  const sheet = Buffer.concat([
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`),
    Buffer.alloc(row.length * count).fill(row),
    Buffer.from('</sheetData></worksheet>'),
  ]);
  return [
    ...workbookParts(sheet),
    {
      name: 'xl/sharedStrings.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="3" uniqueCount="3"><si><t>Nguyễn Văn An</t></si><si><t>an@example.com</t></si><si><t>0912345678</t></si></sst>`,
      ),
    },
  ];
}
