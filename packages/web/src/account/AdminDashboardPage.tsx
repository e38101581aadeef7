export default function AdminDashboardPage() {
  return (
    <main className="info-page">
      <section className="page-hero">
        <div className="container">
          <h1>Welcome to the Posture Vision admin dashboard.</h1>
        </div>
      </section>
    </main>
  );
}
