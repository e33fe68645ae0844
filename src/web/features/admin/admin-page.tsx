export function AdminPage() {
  return <main>AdminPage</main>;
}
