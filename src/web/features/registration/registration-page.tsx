export function RegistrationPage() {
  return <main>RegistrationPage</main>;
}
