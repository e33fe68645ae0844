// Modules the Vite config makes at build time (vite.config.ts).
declare module 'virtual:country-options' {
  // Without `name`: the pages need the label and the codes only.
  const countries: Omit<import('@shared/country-options.ts').CountryOption, 'name'>[];
  export default countries;
}
