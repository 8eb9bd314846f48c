import type { MouseEvent } from 'react';
import Markdown, { type Components, type ExtraProps, type UrlTransform } from 'react-markdown';
import classes from './rich-text.module.css';
import { NO_OP_HREF, safeImageSrc, safeLinkHref } from './safe-url.ts';

/** How paragraphs look: `default` is heading style 5, `small` 18px, `title-page` 22px, `white` for dark backgrounds. */
export type RichTextMode = 'default' | 'small' | 'title-page' | 'white';

export interface RichTextProps {
  /** Markdown from the content service; raw HTML in it is ignored. */
  markdown: string;
  /** Paragraph style. @default 'default' */
  mode?: RichTextMode;
}

const urlTransform: UrlTransform = (url, key) => (key === 'src' ? safeImageSrc(url) : safeLinkHref(url));

/** The props for the DOM element: react-markdown also passes its syntax-tree node, which is no attribute. */
function domProps<T extends ExtraProps>(props: T): Omit<T, 'node'> {
  const rest = { ...props };
  delete rest.node;
  return rest;
}

// A refused link keeps its text but must not jump to the top of the page.
function stayPut(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
}

const components: Components = {
  a(props) {
    const { href, children, ...rest } = domProps(props);
    if (href === undefined || href === NO_OP_HREF) {
      return (
        <a {...rest} href={NO_OP_HREF} className={classes.link} onClick={stayPut}>
          {children}
        </a>
      );
    }
    // An in-page anchor only makes sense in this tab; every other link opens a new one and
    // sends no referrer, so the patient's current URL never reaches another site.
    const newTab = href.startsWith('#') ? {} : { target: '_blank', rel: 'noopener noreferrer' };
    return (
      <a {...rest} href={href} className={classes.link} {...newTab}>
        {children}
      </a>
    );
  },
  img(props) {
    const { src, alt, ...rest } = domProps(props);
    if (!src) return null;
    return <img {...rest} src={src} alt={alt ?? ''} className={classes.image} referrerPolicy="no-referrer" />;
  },
  h1: (props) => <h1 {...domProps(props)} className={classes.heading} />,
  h2: (props) => <h2 {...domProps(props)} className={classes.heading} />,
  h3: (props) => <h3 {...domProps(props)} className={classes.heading} />,
  h4: (props) => <h4 {...domProps(props)} className={classes.heading} />,
  h5: (props) => <h5 {...domProps(props)} className={`${classes.heading} ${classes.primaryHeading}`} />,
  h6: (props) => <h6 {...domProps(props)} className={classes.heading} />,
  p: (props) => <p {...domProps(props)} className={classes.paragraph} />,
  strong: (props) => <strong {...domProps(props)} className={classes.strong} />,
};

/**
 * Markdown from the content service, styled for the brand. Links are limited to safe schemes
 * (see safeLinkHref) and raw HTML is skipped, not even shown as text. It pulls in the markdown
 * parser, so pages load it through LazyRichText to keep that out of the first load.
 */
export function RichText({ markdown, mode = 'default' }: RichTextProps) {
  return (
    <div className={classes.root} data-mode={mode}>
      <Markdown skipHtml urlTransform={urlTransform} components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
