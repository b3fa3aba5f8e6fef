import { escapeMarkup as attr, scriptJson } from '@/domain/content/markup';
import type { PageHead } from '@/domain/content/seo';
import { SITE_NAME } from '@/domain/content/seo';

// The app's page with a head of its own (src/domain/content/seo.ts says what it holds): the build's title
// and description replaced, the Open Graph, Twitter and robots tags and the structured data added.

export function headTags(h: PageHead): string {
  const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${attr(content)}" />`;
  const tags = [
    `<title>${attr(h.title)}</title>`,
    meta('name', 'description', h.description),
    h.noindex ? meta('name', 'robots', 'noindex') : null,
    h.canonical ? `<link rel="canonical" href="${attr(h.canonical)}" />` : null,
    ...(h.alternates ?? []).map((a) => `<link rel="alternate" hreflang="${attr(a.hreflang)}" href="${attr(a.href)}" />`),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', h.ogType),
    meta('property', 'og:title', h.title),
    meta('property', 'og:description', h.description),
    h.canonical ? meta('property', 'og:url', h.canonical) : null,
    ...(h.image
      ? [
          meta('property', 'og:image', h.image.url),
          meta('property', 'og:image:type', h.image.type),
          meta('property', 'og:image:width', String(h.image.width)),
          meta('property', 'og:image:height', String(h.image.height)),
          meta('name', 'twitter:card', 'summary_large_image'),
          meta('name', 'twitter:image', h.image.url),
        ]
      : [meta('name', 'twitter:card', 'summary')]),
    meta('name', 'twitter:title', h.title),
    meta('name', 'twitter:description', h.description),
    ...h.jsonLd.map((o) => `<script type="application/ld+json">${scriptJson(o)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** The page with this head: the build's own title and description give way to it, and its language is the head's. */
export function withHead(html: string, head: PageHead): string {
  const without = html
    .replace(/<html lang="[^"]*"/i, `<html lang="${head.language ?? 'en'}"`)
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const at = without.search(/<\/head>/i);
  if (at < 0) return html;
  return `${without.slice(0, at)}  ${headTags(head)}\n  ${without.slice(at)}`;
}
