import { Link } from '@remix-run/react';
import { ADDRESS, COPYRIGHT_YEAR, SITE_NAME } from '~/lib/site';

export function Footer({ contactEmail }: { contactEmail: string }) {
  return (
    <footer className="site-footer" id="contact">
      <div className="footer-inner">
        <section aria-labelledby="contact-heading">
          <h2 id="contact-heading">Contact</h2>
          <address>
            {ADDRESS.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
            <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </address>
        </section>
        <section aria-labelledby="visit-heading">
          <h2 id="visit-heading">Visit</h2>
          <p>
            Open to members 8:00–22:00, every day.
            <br />
            Open evening for visitors: first Thursday of the month, 18:00.
          </p>
        </section>
        <nav aria-label="Footer">
          <h2>Explore</h2>
          <ul>
            <li>
              <Link to="/members">Members</Link>
            </li>
            <li>
              <Link to="/portfolio">Portfolio</Link>
            </li>
            <li>
              <Link to="/login">Join</Link>
            </li>
            <li>
              <Link to="/terms">Terms</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="copyright">
        © {COPYRIGHT_YEAR} {SITE_NAME}. No equity taken, ever.
      </p>
    </footer>
  );
}
