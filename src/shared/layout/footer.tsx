import { useId, type ReactNode } from 'react';
import { useBrand } from '../brand/brand-context.tsx';
import classes from './footer.module.css';
import { FOOTER_CONTENT, type SocialNetwork } from './footer-links.ts';
import type { FooterLink } from './legal-links.ts';
import { PhoneLink } from '../ui/phone-link.tsx';
import { useAbove } from './use-above.ts';

export interface FooterProps {
  /** `about-consult` hides the Contact and Treatments blocks and centres the legal links. */
  variant: 'default' | 'about-consult';
  /** Room under the footer for a bar fixed to the bottom of the page. @default false */
  extraPadding?: boolean;
}

/**
 * How an external link opens: in a new tab on screens from sm up, in the same tab on phones,
 * where a new tab is easy to lose. `noteId` names the hidden "Opens in a new tab" note.
 */
interface ExternalTarget {
  newTab: boolean;
  noteId: string;
}

function externalProps({ newTab, noteId }: ExternalTarget) {
  return newTab ? { target: '_blank', rel: 'noopener noreferrer', 'aria-describedby': noteId } : {};
}

function LinkBlock({
  title,
  links,
  target,
  centred = false,
}: {
  title: string;
  links: FooterLink[];
  target: ExternalTarget;
  centred?: boolean;
}) {
  const headingId = useId();
  return (
    <nav className={classes.block} aria-labelledby={headingId} data-centred={centred || undefined}>
      <h2 className={classes.heading} id={headingId}>
        {title}
      </h2>
      <ul className={classes.links}>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} {...externalProps(target)}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const SOCIAL_ICONS: Record<SocialNetwork, ReactNode> = {
  facebook: <path d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.2-.6.6-.6z" />,
  x: <path d="M4 3h4.6l4.1 5.7L17.7 3H20l-6.2 7.3L21 21h-4.6l-4.5-6.2L6.3 21H4l6.8-7.8z" />,
  instagram: (
    <>
      <path d="M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3z" />
      <path d="M12 7.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" />
      <circle cx="17.3" cy="6.7" r="1.2" />
    </>
  ),
  linkedin: (
    <path d="M4 9h3.5v11H4zm1.75-5.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h3.4v1.6c.5-.9 1.7-1.9 3.5-1.9 3.6 0 4.1 2.3 4.1 5.3V20h-3.5v-5.3c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H10z" />
  ),
};

/** The page footer of SPEC.md "Page layout": partners, contact, links, trust seal and notices. */
export function Footer({ variant, extraPadding = false }: FooterProps) {
  const { site, brand } = useBrand();
  const content = FOOTER_CONTENT[site];
  const target: ExternalTarget = { newTab: useAbove('sm'), noteId: useId() };
  const aboutConsult = variant === 'about-consult';

  return (
    <footer className={classes.root} data-extra-padding={extraPadding || undefined}>
      <div className={classes.inner}>
        <ul className={classes.partners} aria-label="Our partners">
          {content.partners.map((partner) => (
            <li key={partner.href}>
              <a href={partner.href} {...externalProps(target)}>
                <img
                  src={partner.logo}
                  alt={partner.label}
                  width={partner.width}
                  height={partner.height}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>

        <div className={classes.blocks}>
          {!aboutConsult && <ContactBlock />}
          {!aboutConsult && <LinkBlock title="Treatments" links={content.treatments} target={target} />}
          {content.learnMore && <LinkBlock title="Learn more" links={content.learnMore} target={target} />}
          <LinkBlock title="Legal" links={content.legal} target={target} centred={aboutConsult} />
        </div>

        <div className={classes.trust}>
          <ul className={classes.social} aria-label="Follow us">
            {content.social.map((link) => (
              <li key={link.network}>
                <a href={link.href} aria-label={link.label} {...externalProps(target)}>
                  <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
                    {SOCIAL_ICONS[link.network]}
                  </svg>
                </a>
              </li>
            ))}
          </ul>
          <img
            className={classes.seal}
            src={content.seal.src}
            alt={content.seal.alt}
            width={content.seal.width}
            height={content.seal.height}
            loading="lazy"
          />
        </div>

        <div className={classes.notices}>
          {content.disclaimers.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {content.nonAffiliation !== undefined && <p>{content.nonAffiliation}</p>}
          <p>
            © {new Date().getFullYear()} {brand.brandName}. All rights reserved.
          </p>
        </div>
        <span id={target.noteId} hidden>
          Opens in a new tab
        </span>
      </div>
    </footer>
  );
}

function ContactBlock() {
  const { brand } = useBrand();
  const headingId = useId();
  return (
    <section className={classes.block} aria-labelledby={headingId}>
      <h2 className={classes.heading} id={headingId}>
        Contact
      </h2>
      <p className={classes.text}>{brand.supportHours}</p>
      <p className={classes.text}>
        <PhoneLink />
      </p>
    </section>
  );
}
