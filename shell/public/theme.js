// Applies the colour theme before the first paint (loaded synchronously from index.html's <head>).
// An external file rather than an inline script, so a Content-Security-Policy of script-src 'self'
// needs no hash or nonce. The choice is localStorage 'theme': 'system' (or nothing), 'light' or
// 'dark'; shared-ui/src/theme.ts writes it from /settings and applies it the same way.
(() => {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    let choice = 'system';
    try {
      choice = localStorage.getItem('theme') || 'system';
    } catch {
      // storage refused (privacy mode): follow the system
    }
    const dark = choice === 'dark' || (choice !== 'light' && media.matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  };
  apply();
  media.addEventListener('change', apply);
  // Another tab changed the choice.
  window.addEventListener('storage', (event) => {
    if (event.key === 'theme' || event.key === null) apply();
  });
})();
