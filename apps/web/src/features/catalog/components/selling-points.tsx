const POINTS = [
  {
    title: 'Online Quote',
    text: 'Answer a few questions about the job and see your price right away. No calls, no waiting.',
    icon: 'M4 4h16v16H4zM8 9h8M8 13h8M8 17h5',
  },
  {
    title: 'Instant Schedule',
    text: "Choose an appointment from the provider's real availability and get it confirmed on the spot.",
    icon: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  },
  {
    title: 'Secure Pay',
    text: 'Pay by card at checkout. Your card details are held by our payment provider, never by us.',
    icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  },
];

/** The three selling points of the landing page. */
export function SellingPoints() {
  return (
    <section className="selling-points" aria-labelledby="selling-points-title">
      <div className="container">
        <h2 id="selling-points-title" className="visually-hidden">
          Why book with Servo
        </h2>
        <ul className="selling-points__list">
          {POINTS.map((point) => (
            <li key={point.title} className="selling-point">
              <span className="selling-point__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                  <path
                    d={point.icon}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </span>
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
