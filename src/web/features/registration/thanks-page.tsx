export function ThanksPage() {
  return <main>ThanksPage</main>;
}
