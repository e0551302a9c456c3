import { parse } from "csv-parse/sync";

/**
 * A CSV's cells as csv-parse reads them (RFC 4180: quoted commas, quotes and
 * line breaks), an independent reader rather than a mirror of our writer, so
 * a misreading shared by both cannot hide. Malformed quoting throws; rows may
 * not differ in length.
 */
export function parseCsv(text: string): string[][] {
  return parse(text, { bom: false, relax_quotes: false, relax_column_count: false }) as string[][];
}
