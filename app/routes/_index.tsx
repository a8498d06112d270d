// / — the landing page (docs/product.md §2): purpose, resources, mission, tools, videos; the footer is the contact.
import type { LinkDescriptor, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Link, useLoaderData, useNavigate } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { config, PUBLIC_PAGE_CACHE } from '~/.server';
import { LoopVideo } from '~/components/loop-video';
import { LOOP_VIDEOS } from '~/lib/loop-videos';
import { pageMeta } from '~/lib/meta';
import { SITE_NAME, SITE_TAGLINE } from '~/lib/site';
import { READ_PAGE } from '~/lib/hydration';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: SITE_NAME,
    description:
      'A Dublin makerspace and research lab giving young deep-tech founders free 3D printers, CNC, electronics, GPU time and a biohacker wetlab. No equity taken.',
    keywords: ['free prototyping', 'GPU tokens', 'biohacking', 'Dublin startups'],
  });

// The hero's background is the largest paint; as CSS it would be found only once the stylesheet
// has arrived. Asked for first instead: the one the stylesheet picks for this screen (.hero).
// React 18 knows no fetchPriority prop: the lowercase attribute passes through as it is.
const heroPreload = (href: string, media: string) =>
  ({ rel: 'preload', as: 'image', href, media, fetchpriority: 'high' }) as LinkDescriptor;
export const links: LinksFunction = () => [
  heroPreload('/lab-header-narrow.jpg', '(max-width: 559.98px)'),
  heroPreload('/lab-header.jpg', '(min-width: 560px)'),
];

export const handle = READ_PAGE;
export const headers = () => PUBLIC_PAGE_CACHE;

export async function loader(_: LoaderFunctionArgs) {
  return { contactEmail: config.CONTACT_EMAIL };
}

const resources = [
  {
    title: 'Fabrication',
    icon: 'M4 20h16M6 20V9l6-5 6 5v11M9 20v-6h6v6',
    items: [
      '3D printers: PLA and carbon fibre',
      'CNC machines for wood, plastics and aluminium',
      'Hand and power tools',
    ],
  },
  {
    title: 'Electronics and compute',
    icon: 'M9 3v3M15 3v3M9 18v3M15 18v3M3 9h3M3 15h3M18 9h3M18 15h3M6 6h12v12H6z',
    items: [
      'Electronics stations with scopes and reflow',
      'A CAD package and coding stations',
      'GPU rental tokens for training runs',
    ],
  },
  {
    title: 'Biohacker wetlab',
    icon: 'M9 3h6M10 3v6l-5 9a2 2 0 0 0 2 3h10a2 2 0 0 0 2-3l-5-9V3',
    items: ['Autoclave for sterile work', 'Cold storage at 4 °C and −20 °C', 'Common reagents on the shelf'],
  },
];

const tools = [
  'Prusa and Bambu printers',
  'Markforged carbon fibre printer',
  '3-axis CNC router',
  'Desktop CNC mill',
  'Laser cutter',
  'Hot-air and iron soldering stations',
  'Oscilloscopes and bench supplies',
  'Fusion-class CAD seats',
  'GPU cluster tokens',
  'Autoclave and −20 °C freezer',
];

export default function Landing() {
  const { contactEmail } = useLoaderData<typeof loader>();
  const navigate = useNavigate();

  // docs/product.md §2: 'our members' goes to /members after a short delay (a plain link without JavaScript).
  function delayedMembers(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.classList.add('is-leaving');
    setTimeout(() => navigate('/members'), 300);
  }

  return (
    <main id="main">
      <section className="hero" aria-labelledby="purpose-heading">
        <div className="hero-inner">
          <p className="eyebrow">Dublin · makerspace · research lab</p>
          <h1 id="purpose-heading">Build the hard thing. We lend you the lab.</h1>
          <p className="lede">
            {SITE_TAGLINE} Printers, CNC, electronics benches, GPU time and a wetlab for founders who make
            atoms move, not just pixels.
          </p>
          <p className="button-row">
            <Link to="/members" className="button" onClick={delayedMembers}>
              our members
            </Link>
            <a href={`mailto:${contactEmail}`} className="button button-ghost">
              send us an email
            </a>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="resources-heading">
        <h2 id="resources-heading">Free resources, no equity</h2>
        <ul className="card-grid three">
          {resources.map((resource) => (
            <li key={resource.title} className="card resource-card">
              <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" className="resource-icon">
                <path
                  d={resource.icon}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinejoin="round"
                />
              </svg>
              <h3>
                <Link to="/resources" className="heading-link">
                  {resource.title}
                </Link>
              </h3>
              <ul className="ticks">
                {resource.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section className="section mission" aria-labelledby="mission-heading">
        <div>
          <h2 id="mission-heading">Our mission</h2>
          <p>
            Hardware is hard because the first prototype is expensive. We remove that cost. Young founders in
            deep tech and engineering get a bench, the machines and a community of people who have broken the
            same things before, and we never ask for a share of what they build.
          </p>
          <p>Members share what they learn in posts, so the next founder starts further ahead.</p>
        </div>
        <dl className="stats">
          <div>
            <dt>Equity taken</dt>
            <dd>0%</dd>
          </div>
          <div>
            <dt>Open</dt>
            <dd>7 days</dd>
          </div>
          <div>
            <dt>Cost to members</dt>
            <dd>€0</dd>
          </div>
        </dl>
      </section>

      <section className="section" aria-labelledby="tools-heading">
        <h2 id="tools-heading">
          <Link to="/resources" className="heading-link">
            Tools on the floor
          </Link>
        </h2>
        <ul className="tool-list">
          {tools.map((tool) => (
            <li key={tool}>{tool}</li>
          ))}
        </ul>
        <p>
          <Link to="/resources" className="button">
            See when they are free and book
          </Link>
        </p>
      </section>

      <section className="section" aria-labelledby="videos-heading">
        <h2 id="videos-heading">In the lab this week</h2>
        <ul className="card-grid three videos">
          {LOOP_VIDEOS.map((video) => (
            <li key={video.name}>
              <figure>
                <LoopVideo name={video.name} label={video.label} />
                <figcaption>{video.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
