// Placeholder until the dashboard issue lands: the nested /dashboard routes render here.
export default function DashboardRoutes(_props: { onLogout: () => void | Promise<void> }) {
  return <h1>Dashboard</h1>;
}
