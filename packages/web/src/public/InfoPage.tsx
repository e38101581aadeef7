import type { ReactNode } from 'react';

/** The frame of the short marketing and legal pages. */
export function InfoPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <main className="info-page">
      <section className="page-hero">
        <div className="container">
          <h1>{title}</h1>
          <p className="lead">{lead}</p>
        </div>
      </section>
      <section className="section">
        <div className="container prose" data-animate="fade-up">
          {children}
        </div>
      </section>
    </main>
  );
}
