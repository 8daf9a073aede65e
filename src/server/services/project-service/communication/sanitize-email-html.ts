import sanitizeHtml from 'sanitize-html';

/**
 * The e-mail body comes from a rich-text editor and is sent to participants: only formatting survives
 * (no scripts, styles, event handlers, images or forms), and links only to http, https and mailto.
 */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'div',
      'span',
      'b',
      'strong',
      'i',
      'em',
      'u',
      's',
      'ul',
      'ol',
      'li',
      'a',
      'h1',
      'h2',
      'h3',
      'blockquote',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  });
}
