import { describe, expect, it } from 'vitest';
import { escapeMarkup, scriptJson } from '@/domain/content/markup';

describe('text written into pages', () => {
  it('escapes what would open markup or close an attribute', () => {
    expect(escapeMarkup(`<b class="x">Tom's & Co</b>`)).toBe('&lt;b class=&quot;x&quot;&gt;Tom&#39;s &amp; Co&lt;/b&gt;');
  });

  it('writes JSON a script element cannot be closed by, which reads back the same', () => {
    const value = { description: '</script><script>alert(1)</script>', line: 'a\u2028b' };
    const text = scriptJson(value);
    expect(text).not.toContain('</script');
    expect(text).not.toContain('\u2028');
    expect(JSON.parse(text)).toEqual(value);
  });
});
