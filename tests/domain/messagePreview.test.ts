import { describe, expect, it } from 'vitest';
import { messagePreview } from '@/domain/messages/texts';

describe('messagePreview', () => {
  it('shows the text, cut with an ellipsis past the limit', () => {
    expect(messagePreview({ text: 'Is it still available?', images: [] })).toBe('Is it still available?');
    const cut = messagePreview({ text: 'a'.repeat(100), images: [] }, 20);
    expect(cut).toHaveLength(20);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('names the photos of a message with no words', () => {
    expect(messagePreview({ text: '', images: ['/media/a.webp'] })).toBe('Photo');
    expect(messagePreview({ text: '', images: ['/media/a.webp', '/media/b.webp', '/media/c.webp'] })).toBe('3 photos');
    expect(messagePreview({ text: 'Here it is', images: ['/media/a.webp'] })).toBe('Here it is');
  });
});
