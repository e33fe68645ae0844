// The served not-found page's only script (docs/decisions/0150): the page arrives rendered and
// never changes, so no app starts; the miss is logged, as the spec asks, in the words of the app's
// own not-found screen (not-found-page.tsx). Not imported from there: a module shared with the app
// would make this page load the app's shell to print one line.
console.error('404 Error: User attempted to access non-existent route:', location.pathname);
