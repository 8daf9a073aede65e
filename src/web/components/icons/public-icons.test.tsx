import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'react-icons/lu';
import * as publicIcons from './public-icons';

describe('the icons of the entry chunk', () => {
  it.each(Object.keys(publicIcons) as (keyof typeof publicIcons)[])(
    '%s renders what react-icons/lu renders',
    (name) => {
      const Own = publicIcons[name];
      const Library = lucide[name];
      expect(renderToStaticMarkup(<Own size="1em" />)).toBe(renderToStaticMarkup(<Library size="1em" />));
      expect(renderToStaticMarkup(<Own />)).toMatch(/^<svg[^>]*><(path|circle)/);
      // Plain SVG elements, not react-icons' IconBase (ADR 0123): the props it handles give the same markup.
      const props = { size: 20, color: 'red', className: 'shown', title: 'Alert', style: { margin: 1 }, role: 'img' };
      expect(renderToStaticMarkup(<Own {...props} />)).toBe(renderToStaticMarkup(<Library {...props} />));
    },
  );
});
