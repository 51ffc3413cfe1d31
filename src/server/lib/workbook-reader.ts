// Reading an uploaded .xlsx workbook safely (docs/decisions/043-safe-spreadsheets.md). A workbook
// is a zip archive: a few hundred kilobytes can unpack to gigabytes of XML (a 'zip bomb'), and
// reading it whole blocks the server for every other request. So:
// 1. the archive's central directory is read by hand (from the bytes, never trusting a size it
//    declares): at most MAX_ENTRIES entries, stored or deflated, none encrypted, each entry's
//    data inside the file;
// 2. the entries a sheet needs are inflated as streams (zlib works off the main thread, the event
//    loop turns between chunks) counting the bytes that come out: the first byte past the
//    unpacked-size limit, or past what the entry declared, stops it;
// 3. those entries, and only those, are laid out again as a plain archive whose every size is the
//    one just counted, and read by ExcelJS's streaming reader one row at a time: the first row
//    past the row limit stops it.
// What fails here is a clear 4xx: SPREADSHEET_TOO_LARGE, the caller's own too-many-rows code, or a
// plain Error the caller answers as an unreadable file.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { AppError } from '#server/errors.ts';
import { loadExcelJS } from './exceljs.ts';
import { cellText } from './spreadsheet-cells.ts';

/** What a workbook may unpack to, all the parts a sheet needs together (a 10,000-row import is a few MB). */
export const MAX_UNPACKED_BYTES = 32 * 1_048_576;
/** An .xlsx holds a dozen or two entries; thousands only make the directory walk long. */
const MAX_ENTRIES = 2_000;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;

interface Entry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  declaredSize: number;
  /** Where the compressed bytes are in the file. */
  dataStart: number;
}

const unreadable = (why: string) => new Error(`workbook: ${why}`);

/** The central directory's entries; every offset and length checked against the file. */
function entriesOf(bytes: Buffer): Entry[] {
  // The end record is in the last 22 + 65,535 (comment) bytes.
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= from; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable('no end of central directory');
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryStart = bytes.readUInt32LE(end + 16);
  // Zip64 (0xffff / 0xffffffff markers) is for archives far above any upload limit.
  if (count === 0xffff || directoryStart === 0xffffffff) throw unreadable('zip64');
  if (count > MAX_ENTRIES) throw new AppError('SPREADSHEET_TOO_LARGE', { field: 'file' });
  if (directoryStart + directorySize > end) throw unreadable('directory outside the file');
  const entries: Entry[] = [];
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL_HEADER) {
      throw unreadable('bad central header');
    }
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const crc = bytes.readUInt32LE(at + 16);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const declaredSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localStart = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 0x1) throw unreadable('encrypted');
    if (method !== 0 && method !== 8) throw unreadable(`compression method ${method}`);
    if (localStart + 30 > directoryStart || bytes.readUInt32LE(localStart) !== LOCAL_HEADER) {
      throw unreadable('bad local header');
    }
    const dataStart =
      localStart + 30 + bytes.readUInt16LE(localStart + 26) + bytes.readUInt16LE(localStart + 28);
    if (dataStart + compressedSize > directoryStart) throw unreadable('entry outside the file');
    entries.push({ name, method, crc, compressedSize, declaredSize, dataStart });
  }
  return entries;
}

/** The parts of a workbook its first sheet's cells need, in the order the streaming reader wants. */
function neededParts(entries: Entry[]): Entry[] {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const sheets = entries
    .filter((entry) => /^xl\/worksheets\/sheet\d+\.xml$/.test(entry.name))
    .sort((a, b) => Number(a.name.match(/\d+/)![0]) - Number(b.name.match(/\d+/)![0]));
  const first = sheets[0];
  if (!first) throw unreadable('no worksheet');
  return [
    byName.get('xl/_rels/workbook.xml.rels'),
    byName.get('xl/workbook.xml'),
    byName.get('xl/styles.xml'),
    byName.get('xl/sharedStrings.xml'),
    first,
  ].filter((entry): entry is Entry => entry !== undefined);
}

/**
 * Each part's real unpacked size, counted while inflating: past the budget (what is left of
 * MAX_UNPACKED_BYTES) the workbook is too large; past what the entry declared, it lies.
 */
async function countUnpacked(bytes: Buffer, entry: Entry, budget: number): Promise<number> {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.declaredSize > budget) throw new AppError('SPREADSHEET_TOO_LARGE', { field: 'file' });
  if (entry.method === 0) {
    if (data.length !== entry.declaredSize) throw unreadable('stored size differs');
    return data.length;
  }
  const inflate = createInflateRaw();
  let counted = 0;
  const done = new Promise<number>((resolve, reject) => {
    inflate.on('data', (chunk: Buffer) => {
      counted += chunk.length;
      if (counted > budget) {
        inflate.destroy(new AppError('SPREADSHEET_TOO_LARGE', { field: 'file' }));
      } else if (counted > entry.declaredSize) {
        inflate.destroy(unreadable(`${entry.name} unpacks to more than it declares`));
      }
    });
    inflate.on('error', reject);
    inflate.on('end', () => resolve(counted));
  });
  inflate.end(data);
  const size = await done;
  if (size !== entry.declaredSize)
    throw unreadable(`${entry.name} unpacks to less than it declares`);
  return size;
}

/**
 * A workbook of inline strings has no shared strings part; the streaming reader would then copy
 * the sheet to a temporary file first. An empty one keeps it reading from memory.
 */
const NO_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
);

/** The parts again as a plain archive: local headers whose sizes are the counted ones, then an end. */
function plainArchive(bytes: Buffer, parts: { entry: Entry; size: number }[]): Buffer {
  const pieces: Buffer[] = [];
  if (!parts.some(({ entry }) => entry.name === 'xl/sharedStrings.xml')) {
    const entry: Entry = {
      name: 'xl/sharedStrings.xml',
      method: 0,
      crc: crc32(NO_SHARED_STRINGS),
      compressedSize: NO_SHARED_STRINGS.length,
      declaredSize: NO_SHARED_STRINGS.length,
      dataStart: bytes.length,
    };
    bytes = Buffer.concat([bytes, NO_SHARED_STRINGS]);
    // Before the sheet, which is last.
    parts = [...parts.slice(0, -1), { entry, size: entry.declaredSize }, ...parts.slice(-1)];
  }
  for (const { entry, size } of parts) {
    const name = Buffer.from(entry.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x800, 6); // UTF-8 name, sizes in the header (no data descriptor)
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressedSize, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    pieces.push(
      header,
      name,
      bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize),
    );
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  pieces.push(end);
  return Buffer.concat(pieces);
}

export interface WorkbookRow {
  /** The row's number in the sheet (1 for the first). */
  number: number;
  /** Its cells as text, column A first; trimmed. */
  cells: string[];
}

/**
 * The first sheet's rows that hold something, read as a stream. More than `maxRows` of them, or a
 * workbook unpacking to more than MAX_UNPACKED_BYTES, stops the reading with a 4xx.
 */
export async function readWorkbookRows(
  bytes: Buffer,
  limits: { maxRows: number; tooManyRows: () => AppError; maxUnpackedBytes?: number },
): Promise<WorkbookRow[]> {
  const parts = neededParts(entriesOf(bytes));
  let budget = limits.maxUnpackedBytes ?? MAX_UNPACKED_BYTES;
  const counted: { entry: Entry; size: number }[] = [];
  for (const entry of parts) {
    const size = await countUnpacked(bytes, entry, budget);
    budget -= size;
    counted.push({ entry, size });
  }
  const archive = plainArchive(bytes, counted);
  // Handed over 64 KB at a time, the event loop turning in between: other requests go on.
  const input = Readable.from(
    (async function* () {
      for (let at = 0; at < archive.length; at += 65_536) {
        yield archive.subarray(at, at + 65_536);
        await nextTurn();
      }
    })(),
  );
  const excel = await loadExcelJS();
  const reader = new excel.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // a date cell is told by its style
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows: WorkbookRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row as ExcelJS.Row).values as ExcelJS.CellValue[];
        // row.values starts at index 1 (Excel's column A).
        const cells = Array.from(values.slice(1), (value) => cellText(value).trim());
        if (!cells.some((cell) => cell !== '')) continue;
        if (rows.length >= limits.maxRows) throw limits.tooManyRows();
        rows.push({ number: (row as ExcelJS.Row).number, cells });
      }
      break; // the first sheet only
    }
  } finally {
    input.destroy();
  }
  return rows;
}
