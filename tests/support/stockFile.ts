/**
 * A dealer's stock file as their system exports it (issue 38): `count` vehicles with their own
 * headings, and the wrong rows a real file has, each in a known row: a year that is not a number, a
 * missing make, a stock number given twice, a photo that is not a web address, a price in words.
 */
export function stockCsv(count: number, opts: { priceOf?: (i: number) => number; photosOf?: (i: number) => string } = {}): { csv: string; wrongRows: Map<number, string> } {
  const makes = [
    ['Toyota', 'Hilux'],
    ['Toyota', 'Corolla'],
    ['Honda', 'Fit'],
    ['Nissan', 'Navara'],
    ['Mazda', 'Demio'],
  ] as const;
  const lines = ['Stock No,Make,Model,Year,Price (USD),Odometer,Fuel,Gearbox,Colour,Body,Notes,Photos'];
  const wrongRows = new Map<number, string>();
  for (let i = 0; i < count; i++) {
    const [make, model] = makes[i % makes.length]!;
    const row = i + 2;
    const cells = [
      `MM-${1000 + i}`,
      make,
      model,
      String(2008 + (i % 16)),
      `"$${(opts.priceOf?.(i) ?? 5000 + (i % 40) * 500).toLocaleString('en-US')}"`,
      `${(i % 30) * 10_000} km`,
      i % 3 ? 'Petrol' : 'Diesel',
      i % 2 ? 'Automatic' : 'Manual',
      'White',
      'Sedan',
      `"Serviced, one owner; unit ${i}"`,
      opts.photosOf?.(i) ?? '',
    ];
    if (i % 400 === 7) {
      cells[3] = 'abc';
      wrongRows.set(row, 'year');
    } else if (i % 400 === 8) {
      cells[1] = '';
      wrongRows.set(row, 'make');
    } else if (i % 400 === 9) {
      cells[0] = `MM-${1000 + i - 1}`;
      wrongRows.set(row, 'stock_number');
    } else if (i % 400 === 10) {
      cells[11] = 'ftp://photos.example.com/a.jpg';
      wrongRows.set(row, 'photos');
    } else if (i % 400 === 11) {
      cells[4] = 'ask me';
      wrongRows.set(row, 'price');
    }
    lines.push(cells.join(','));
  }
  return { csv: `${lines.join('\r\n')}\r\n`, wrongRows };
}
