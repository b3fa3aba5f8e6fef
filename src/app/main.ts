// The buyer's app (issue 4) replaces this page; until then it lists what the API serves.
import { PRODUCT_NAME } from '../domain/constants';
import type { Vehicle } from '../domain/vehicle';

const root = document.getElementById('root')!;

function card(v: Vehicle): string {
  const price = v.price === null ? 'Price on request' : `$${v.price.toLocaleString('en-US')}`;
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<li><img src="${esc(v.images[0] ?? '')}" alt="" width="160" height="120" loading="lazy" />
    <strong>${esc(`${v.year} ${v.make} ${v.model}`)}</strong> ${esc(price)} · ${esc(v.location ?? 'Location not specified')}</li>`;
}

async function show(): Promise<void> {
  const res = await fetch('/api/vehicles?limit=24');
  const list = (await res.json()) as Vehicle[];
  root.innerHTML = `<h1>${PRODUCT_NAME}</h1><p>${res.headers.get('x-total-count') ?? list.length} vehicles listed. API description: <a href="/api/docs">/api/docs</a></p><ul>${list.map(card).join('')}</ul>`;
}

show().catch(() => {
  root.innerHTML = `<h1>${PRODUCT_NAME}</h1><p>The listings could not be loaded.</p>`;
});
