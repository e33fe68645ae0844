// Modules the Vite config makes at build time (vite.config.ts).
declare module 'virtual:country-options' {
  const countries: import('@shared/country-options.ts').CountryOption[];
  export default countries;
}
